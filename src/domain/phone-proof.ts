// DECISIONS.md turn 3, issue 30 item 2: text messages go only to a phone whose owner proved it with
// a one-time code; consent alone is not enough. Before, 20 court alerts from each of 4 addresses,
// each with a throwaway email and the victim's phone, sent 80 texts to one phone.

/** How long a texted code may be entered, and how many wrong tries void it. */
export const PHONE_CODE_TTL_MINUTES = 30;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/**
 * Codes texted to one phone, whoever asks from wherever: one per 15 minutes and 3 a day. A burst of
 * requests for one phone sends one code.
 */
export const PHONE_CODE_LIMITS = { gapMinutes: 15, perDay: 3 } as const;

/** Every text to one phone in 24 hours (codes, alerts, reminders): a ceiling no flow passes. */
export const TEXTS_PER_PHONE_PER_DAY = 6;

/** The words that stop and restart texts to a phone (Twilio's standard opt-out keywords). */
export const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"];
export const START_WORDS = ["START", "UNSTOP", "YES"];

export function optOutKeyword(body: string): "stop" | "start" | null {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.includes(word)) return "stop";
  if (START_WORDS.includes(word)) return "start";
  return null;
}

export type PhoneCodeDecision = { send: true } | { send: false; retryAfterSeconds: number };

/**
 * Whether a new code may be texted to a phone, from the times (epoch ms) of the codes texted to it
 * in the last day.
 */
export function phoneCodeDecision(sentAt: number[], now: number): PhoneCodeDecision {
  const day = 24 * 3600_000;
  const recent = sentAt.filter((t) => now - t < day).sort((a, b) => a - b);
  const last = recent.at(-1);
  const gap = PHONE_CODE_LIMITS.gapMinutes * 60_000;
  if (last !== undefined && now - last < gap) {
    return { send: false, retryAfterSeconds: Math.ceil((last + gap - now) / 1000) };
  }
  if (recent.length >= PHONE_CODE_LIMITS.perDay) {
    const first = recent[recent.length - PHONE_CODE_LIMITS.perDay] ?? now;
    return { send: false, retryAfterSeconds: Math.ceil((first + day - now) / 1000) };
  }
  return { send: true };
}

export const PHONE_CODE_MESSAGES = {
  wrong: "That code is not right. Please check the text we sent and try again.",
  expired: "That code has expired or was tried too often. Please ask for a new one.",
  wait: (minutes: number) =>
    `We texted a code to this phone a short while ago. Please use it, or ask again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  optedOut: "This phone asked us to stop texting it (STOP). Reply START to us to allow texts again.",
} as const;

export const phoneCodeText = (venueName: string, code: string) =>
  `${code} is your ${venueName} code to get text messages on this phone. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Reply STOP to stop texts.`;
