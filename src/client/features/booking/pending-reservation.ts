// SPEC §3 Cart item: the pending reservation is kept in session storage under "pendingReservation",
// so /cancel can cancel the hold it came from and a reload can return to the payment panel.
const PENDING_RESERVATION_KEY = "pendingReservation";

type PendingReservation = { holdId: string; holdToken: string; expiresAt: string };

export function readPendingReservation(): PendingReservation | null {
  try {
    const raw = sessionStorage.getItem(PENDING_RESERVATION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingReservation>;
    if (typeof value.holdId !== "string" || typeof value.holdToken !== "string") return null;
    return { holdId: value.holdId, holdToken: value.holdToken, expiresAt: String(value.expiresAt ?? "") };
  } catch {
    return null;
  }
}

export function savePendingReservation(value: PendingReservation) {
  try {
    sessionStorage.setItem(PENDING_RESERVATION_KEY, JSON.stringify(value));
  } catch {
    // Private mode without storage: the payment panel still works; only /cancel loses its hold.
  }
}

export function clearPendingReservation() {
  try {
    sessionStorage.removeItem(PENDING_RESERVATION_KEY);
  } catch {
    // Nothing stored.
  }
}

// /success keeps the paid hold's id and token for this tab, so a reload still shows the booking
// (the pending reservation itself is cleared there, as the spec asks).
const CONFIRMED_BOOKING_KEY = "confirmedBooking";

export function readConfirmedBooking(): { holdId: string; holdToken: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(CONFIRMED_BOOKING_KEY) ?? "null") as {
      holdId?: unknown;
      holdToken?: unknown;
    } | null;
    if (typeof value?.holdId !== "string" || typeof value.holdToken !== "string") return null;
    return { holdId: value.holdId, holdToken: value.holdToken };
  } catch {
    return null;
  }
}

export function rememberConfirmedBooking(value: { holdId: string; holdToken: string }) {
  try {
    sessionStorage.setItem(CONFIRMED_BOOKING_KEY, JSON.stringify(value));
  } catch {
    // Private mode without storage: a reload of /success falls back to "Check your email".
  }
}
