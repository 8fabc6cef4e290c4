// SPEC §5 Signup and §9 Accounts: US numbers only, stored in E.164 with country code +1.
export type PhoneResult = { ok: true; value: string | null } | { ok: false };

/**
 * Normalises an optional US phone number. Only the digits count, so "(312) 555-0100",
 * "312.555.0100" and "+1 312 555 0100" are all the same number. An empty field means no phone.
 */
export function normalizeUsPhone(input: string): PhoneResult {
  if (input.trim() === "") return { ok: true, value: null };
  const digits = input.replace(/\D/g, "");
  if (digits.length === 10) return { ok: true, value: `+1${digits}` };
  if (digits.length === 11 && digits.startsWith("1")) return { ok: true, value: `+${digits}` };
  return { ok: false };
}

/** SPEC §5 Signup: the example is the venue's own phone number, a setting. */
export function INVALID_PHONE_MESSAGE(examplePhone: string): string {
  return `Invalid phone number. Please enter a valid 10-digit US phone number (e.g. ${examplePhone}).`;
}

/**
 * A stored number as people write it (issue 34): "+15125550100" → "(512) 555-0100". Storage stays
 * E.164; anything that is not a US number in that form is shown as it was stored.
 */
export function formatPhoneForDisplay(stored: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(stored.trim());
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : stored;
}

/** An optional stored number for a form's field or a table's cell ("" or "-" when there is none). */
export const displayPhoneOr = (stored: string | null | undefined, none: string) =>
  stored ? formatPhoneForDisplay(stored) : none;
