import {
  type CreateMembershipSessionRequest,
  createMembershipSessionRequest,
} from "../../../contracts/membership";
import type { MembershipPlan } from "../../../domain/membership";
import { checkNewPassword } from "../../../domain/password";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../../domain/phone";

export type SignupFields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
};

export type SignupErrors = Partial<Record<keyof SignupFields, string>>;

/** The form's order, which is the order its problems are told in. */
const FIELD_ORDER: Array<keyof SignupFields> = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "password",
  "confirmPassword",
];
const isSignupField = (key: PropertyKey): key is keyof SignupFields =>
  FIELD_ORDER.some((field) => field === key);

/**
 * SPEC §5 Signup, checked before calling the server with the request's own contract (the server
 * parses the same schema): names and email required, the password long enough; then what the
 * contract cannot see: the two passwords match, and an optional US phone.
 */
export function checkSignupForm(
  fields: SignupFields,
  plan: MembershipPlan,
  venuePhone: string,
): { ok: true; request: CreateMembershipSessionRequest } | { ok: false; errors: SignupErrors } {
  const phone = normalizeUsPhone(fields.phone);
  const parsed = createMembershipSessionRequest.safeParse({
    email: fields.email,
    plan,
    firstName: fields.firstName,
    lastName: fields.lastName,
    phone: phone.ok ? phone.value : null,
    password: fields.password,
  });
  const found: SignupErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0];
    if (key !== undefined && isSignupField(key)) found[key] ??= issue.message;
  }
  if (!phone.ok) found.phone = INVALID_PHONE_MESSAGE(venuePhone);
  if (fields.password !== fields.confirmPassword) {
    // The mismatch is the problem to fix first; the length is told once the two agree.
    delete found.password;
    found.confirmPassword = checkNewPassword(fields.password, fields.confirmPassword) ?? undefined;
  }
  const errors: SignupErrors = {};
  for (const field of FIELD_ORDER) if (found[field]) errors[field] = found[field];
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}
