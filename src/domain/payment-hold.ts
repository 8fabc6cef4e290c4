// SPEC §9 Booking, Other limits: "Payment hold: 15 minutes after the pending reservations are
// created" — the venue's hold time (booking-rules.ts), 15 minutes by default.
export function holdEndsAt(now: Date, holdMinutes: number): Date {
  return new Date(now.getTime() + holdMinutes * 60_000);
}

/** SPEC §2 Booking screen: the countdown shows the time left as MM:SS (never negative). */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Without a payment provider no hold is created (it could never be paid); the screen says so up front. */
export const paymentsUnavailableMessage = (phone: string) =>
  `Online payment is not available right now. Please call us at ${phone} to book.`;
