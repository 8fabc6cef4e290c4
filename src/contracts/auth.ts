import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "../domain/password";
import { STAFF_ROLES } from "../domain/staff-roles";

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  isMember: z.boolean(),
  isAdmin: z.boolean(),
  /** Issue 33: which kind of staff (null for everyone else); the screens hide what it cannot do. */
  staffRole: z.enum(STAFF_ROLES).nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const sessionResponse = z.object({ user: currentUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

// SPEC §5 Login: both fields required. Length caps keep hashing cheap for hostile input; the
// password's is the one rule every form uses (src/domain/password.ts), so no settable password is
// refused here.
export const signInRequest = z.object({
  email: z.string().trim().max(254, "Invalid email or password"),
  password: z.string().max(MAX_PASSWORD_LENGTH, "Invalid email or password"),
});
export type SignInRequest = z.infer<typeof signInRequest>;

export const forgotPasswordRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email")
    .max(254)
    .pipe(z.email("Please enter a valid email address")),
});

export const resetPasswordRequest = z.object({
  token: z.string().min(1, "Missing token or email").max(512),
  email: z.string().trim().min(1, "Missing token or email").max(254),
  password: z.string().max(256),
  confirmPassword: z.string().max(256),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const updateProfileRequest = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  phone: z.string().max(40).nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

// ASVS 6.2.3: the current password too, so a stolen session cannot take the account over
// (a deliberate addition to SPEC §2's My Profile form; docs/decisions/015).
export const changePasswordRequest = z.object({
  currentPassword: z
    .string({ error: "Please enter your current password" })
    .min(1, "Please enter your current password")
    .max(256),
  newPassword: z.string().max(256),
  confirmPassword: z.string().max(256),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const profileResponse = z.object({ user: currentUser });
