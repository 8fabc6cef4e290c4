// DECISIONS.md Limits against hoarding: by default a visitor (the browser's hold token, the email or
// the address) has at most 2 active payment holds and at most 8 slots in one hold, and an address
// creates at most 10 holds in 10 minutes; signed-in staff are exempt. Each is a venue setting.
// Refusals say what the limit is and when to try again.

export type HoldLimits = {
  activePerVisitor: number;
  slotsPerHold: number;
  perAddress: number;
  windowMinutes: number;
};

export const DEFAULT_HOLD_LIMITS: HoldLimits = {
  activePerVisitor: 2,
  slotsPerHold: 8,
  perAddress: 10,
  windowMinutes: 10,
};

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
