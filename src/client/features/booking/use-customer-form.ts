import { useCallback, useEffect, useRef, useState } from "react";
import { displayPhoneOr } from "../../../domain/phone";
import { scrollBehavior } from "../../lib/scroll-into-view";

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

/** The element id of a field's input, so a refusal can bring that field into view and focus it. */
export const customerFieldId = (field: CustomerField) => `customer-${field}`;

/** Brings the field a refusal names into view and puts the focus on it (issue 14: messages where the user is). */
export function showCustomerField(field: CustomerField): void {
  const input = document.getElementById(customerFieldId(field));
  if (!input) return;
  input.scrollIntoView({ block: "center", behavior: scrollBehavior() });
  input.focus({ preventScroll: true });
}

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
  // The consent hint waits until the person types a phone or tries to continue: a phone that came
  // from the profile is not a mistake on arrival.
  const [phoneTyped, setPhoneTyped] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const prefilledFor = useRef<string | null>(null);

  useEffect(() => {
    if (!prefill || prefilledFor.current === prefill.id) return;
    prefilledFor.current = prefill.id;
    setValues((v) => ({
      ...v,
      name: prefill.name,
      email: prefill.email,
      phone: displayPhoneOr(prefill.phone, ""),
    }));
  }, [prefill]);

  const setField = useCallback(<K extends CustomerField>(field: K, value: CustomerValues[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === "phone" && String(value).trim() === "") next.smsConsent = false;
      return next;
    });
    if (field === "phone") setPhoneTyped(true);
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  const reset = useCallback(() => {
    prefilledFor.current = null;
    setValues(EMPTY);
    setErrors({});
    setPhoneTyped(false);
    setAttempted(false);
  }, []);

  const markAttempted = useCallback(() => setAttempted(true), []);
  return {
    values,
    errors,
    setField,
    setErrors,
    reset,
    markAttempted,
    showConsentHint: phoneTyped || attempted,
  };
}

export type CustomerForm = ReturnType<typeof useCustomerForm>;
