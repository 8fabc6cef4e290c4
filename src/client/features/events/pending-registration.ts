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
