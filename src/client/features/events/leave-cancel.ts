import { cancelRegistration } from "./api/cancel-registration";
import { clearPendingRegistration, type PendingRegistration } from "./pending-registration";

// SPEC §4 Event registration: "Leaving the detail view with a pending registration cancels it."
// The cancel is scheduled on unmount and called off if the view mounts again at once (React's
// development double mount) or when the browser is leaving for the checkout.

let scheduled: number | undefined;
let leavingForCheckout = false;

export function markLeavingForCheckout() {
  leavingForCheckout = true;
}

export function cancelScheduledLeave() {
  window.clearTimeout(scheduled);
  scheduled = undefined;
  leavingForCheckout = false;
}

export function scheduleLeaveCancel(pending: PendingRegistration | null) {
  if (!pending || leavingForCheckout) return;
  window.clearTimeout(scheduled);
  scheduled = window.setTimeout(() => {
    scheduled = undefined;
    clearPendingRegistration();
    void cancelRegistration(pending.registrationId, pending.holdToken).catch(() => undefined);
  }, 0);
}

/** "← Back to Events": cancel now and wait for it, so the list shows the place as free. */
export async function cancelPendingNow(pending: PendingRegistration | null) {
  if (!pending) return;
  clearPendingRegistration();
  await cancelRegistration(pending.registrationId, pending.holdToken).catch(() => undefined);
}
