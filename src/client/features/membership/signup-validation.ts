import type { CreateMembershipSessionRequest } from "../../../contracts/membership";
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

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * SPEC §5 Signup, checked before calling the server (which checks again): names and email required,
 * passwords match and are long enough, an optional US phone. Returns the request or the problems.
 */
export function checkSignupForm(
  fields: SignupFields,
  plan: MembershipPlan,
  venuePhone: string,
): { ok: true; request: CreateMembershipSessionRequest } | { ok: false; errors: SignupErrors } {
  const errors: SignupErrors = {};
  if (!fields.firstName.trim()) errors.firstName = "First name is required";
  if (!fields.lastName.trim()) errors.lastName = "Last name is required";
  if (!fields.email.trim()) errors.email = "Email is required";
  else if (!EMAIL_RE.test(fields.email.trim())) errors.email = "Please enter a valid email address";
  const phone = normalizeUsPhone(fields.phone);
  if (!phone.ok) errors.phone = INVALID_PHONE_MESSAGE(venuePhone);
  const passwordProblem = checkNewPassword(fields.password, fields.confirmPassword);
  if (passwordProblem === "Passwords do not match") errors.confirmPassword = passwordProblem;
  else if (passwordProblem) errors.password = passwordProblem;
  if (Object.keys(errors).length > 0 || !phone.ok) return { ok: false, errors };
  return {
    ok: true,
    request: {
      email: fields.email.trim(),
      plan,
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      phone: phone.value,
      password: fields.password,
    },
  };
}
