// A paid registration waiting for its payment, kept in session storage so the payment box comes
// back after a reload, the checkout's return can ask about it, and "← Back to Events" can cancel
// it with its token (DECISIONS.md: an id alone is not enough).
const PENDING_REGISTRATION_KEY = "pendingEventRegistration";

export type PendingRegistration = {
  registrationId: string;
  eventId: string;
  holdToken: string;
  holdExpiresAt: string;
  priceCents: number;
};

export function readPendingRegistration(eventId?: string): PendingRegistration | null {
  try {
    const raw = sessionStorage.getItem(PENDING_REGISTRATION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingRegistration>;
    if (typeof value.registrationId !== "string" || typeof value.holdToken !== "string") return null;
    if (typeof value.eventId !== "string" || (eventId && value.eventId !== eventId)) return null;
    return {
      registrationId: value.registrationId,
      eventId: value.eventId,
      holdToken: value.holdToken,
      holdExpiresAt: String(value.holdExpiresAt ?? ""),
      priceCents: Number(value.priceCents ?? 0),
    };
  } catch {
    return null;
  }
}

export function savePendingRegistration(value: PendingRegistration) {
  try {
    sessionStorage.setItem(PENDING_REGISTRATION_KEY, JSON.stringify(value));
  } catch {
    // Private mode without storage: payment still works; only a reload loses the payment box.
  }
}

export function clearPendingRegistration() {
  try {
    sessionStorage.removeItem(PENDING_REGISTRATION_KEY);
  } catch {
    // Nothing stored.
  }
}

// Issue 34: the registration this tab completed, so its receipt (?registration={id}) opens again
// after a reload; the token stays in this tab's session storage only.
const DONE_REGISTRATION_KEY = "doneEventRegistration";

export type DoneRegistration = { registrationId: string; holdToken: string };

export function rememberRegistration(value: DoneRegistration) {
  try {
    sessionStorage.setItem(DONE_REGISTRATION_KEY, JSON.stringify(value));
  } catch {
    // No storage: the receipt shows now; a reload shows the event (the email has the link).
  }
}

/** The token this tab holds for a registration it completed, or null. */
export function rememberedToken(registrationId: string): string | null {
  try {
    const raw = sessionStorage.getItem(DONE_REGISTRATION_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<DoneRegistration>) : null;
    return value?.registrationId === registrationId && typeof value.holdToken === "string"
      ? value.holdToken
      : null;
  } catch {
    return null;
  }
}
