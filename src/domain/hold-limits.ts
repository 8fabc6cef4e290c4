// DECISIONS.md Limits against hoarding: by default a visitor (the browser's hold token, the email or
// the account) has at most 2 active payment holds and at most 8 slots in one hold; signed-in staff
// are exempt. The address is not a visitor: players on one venue's Wi-Fi are many people (issue 30
// item 11). It only has a high ceiling against floods, 100 holds started in 10 minutes: a rush of
// 50 players behind one address, each retrying once, stays under it. Each is a venue setting.
// Refusals say which limit they met (`HoldLimitName`), what it is and when to try again.

export type HoldLimits = {
  activePerVisitor: number;
  slotsPerHold: number;
  perAddress: number;
  windowMinutes: number;
};

export const DEFAULT_HOLD_LIMITS: HoldLimits = {
  activePerVisitor: 2,
  slotsPerHold: 8,
  perAddress: 100,
  windowMinutes: 10,
};

/** Which limit a refusal met, as the error's `details.limit` names it (the setting's own name). */
export type HoldLimitName = "activePerVisitor" | "slotsPerHold" | "perAddress";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const minutesFrom = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export function tooManySlotsMessage(limits: HoldLimits): string {
  return `You can reserve at most ${plural(limits.slotsPerHold, "time slot")} at once. Please remove some and book the rest separately.`;
}

export function tooManyActiveHoldsMessage(limits: HoldLimits, retryAfterSeconds: number): string {
  return `You already have ${plural(limits.activePerVisitor, "reservation")} waiting for payment, the most at one time. Complete or cancel one, or try again in ${plural(minutesFrom(retryAfterSeconds), "minute")}.`;
}

export function tooManyHoldsFromAddressMessage(limits: HoldLimits, retryAfterSeconds: number): string {
  return `Too many reservations started from your network: at most ${limits.perAddress} in ${plural(limits.windowMinutes, "minute")}. Please try again in ${plural(minutesFrom(retryAfterSeconds), "minute")}.`;
}
