// SPEC §9 Accounts: minimum password length.
export const MIN_PASSWORD_LENGTH = 6;

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

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
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  return null;
}
