// SPEC §9 Accounts: minimum password length. The maximum is ours (DECISIONS.md Passwords: one
// length rule for every form and for sign-in): long enough for any passphrase or password
// manager, short enough that hashing hostile input stays cheap. Signup, change, reset and sign-in
// all read these two numbers, so a password that can be set can always be used to sign in.
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;

/** The length rule alone: the message to show, or null. */
export function checkPasswordLength(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return null;
}

/**
 * SPEC §5 Signup / Password reset and change: the two entries must match, then be long enough.
 * The change-password screen passes "New passwords do not match" as its mismatch text.
 * Returns the message to show, or null when the password is acceptable.
 */
export function checkNewPassword(
  password: string,
  confirm: string,
  mismatchMessage = "Passwords do not match",
): string | null {
  if (password !== confirm) return mismatchMessage;
  return checkPasswordLength(password);
}
