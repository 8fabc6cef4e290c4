import { useCallback, useEffect, useRef, useState } from "react";

type CustomerValues = {
  name: string;
  email: string;
  phone: string;
  smsConsent: boolean;
  notes: string;
  termsAccepted: boolean;
};
type CustomerField = keyof CustomerValues;
/** The form's fields, named as in the hold request's customer (src/contracts/booking.ts). */
export const CUSTOMER_FIELDS: readonly CustomerField[] = [
  "name",
  "email",
  "phone",
  "smsConsent",
  "notes",
  "termsAccepted",
];
type CustomerErrors = Partial<Record<CustomerField, string>>;

const EMPTY: CustomerValues = {
  name: "",
  email: "",
  phone: "",
  smsConsent: false,
  notes: "",
  termsAccepted: false,
};

export type Prefill = { id: string; name: string; email: string; phone: string | null } | null;

/**
 * Step 4's fields. They are filled from the signed-in user (or the member an admin books for) when
 * that person changes; SPEC §5: clearing the phone unticks the SMS consent.
 */
export function useCustomerForm(prefill: Prefill) {
  const [values, setValues] = useState<CustomerValues>(EMPTY);
  const [errors, setErrors] = useState<CustomerErrors>({});
  const prefilledFor = useRef<string | null>(null);

  useEffect(() => {
    if (!prefill || prefilledFor.current === prefill.id) return;
    prefilledFor.current = prefill.id;
    setValues((v) => ({ ...v, name: prefill.name, email: prefill.email, phone: prefill.phone ?? "" }));
  }, [prefill]);

  const setField = useCallback(<K extends CustomerField>(field: K, value: CustomerValues[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === "phone" && String(value).trim() === "") next.smsConsent = false;
      return next;
    });
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  const reset = useCallback(() => {
    prefilledFor.current = null;
    setValues(EMPTY);
    setErrors({});
  }, []);

  return { values, errors, setField, setErrors, reset };
}

export type CustomerForm = ReturnType<typeof useCustomerForm>;
