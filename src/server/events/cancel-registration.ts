import { and, eq } from "drizzle-orm";
import type { RegistrationStatusResponse } from "../../contracts/events";
import { eventRegistrations, payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { present } from "../lib/present";
import { paymentsOf } from "../payments/payment-rows";
import { EVENT_REGISTRATION } from "./checkout-purpose";
import { toRegistrationStatus } from "./get-registration-status";
import { loadOwnedRegistration } from "./load-owned-registration";
import { refillEventWaitlist } from "./waitlist-offers";

/**
 * SPEC §2 "← Back to Events" (and the checkout's cancel): the pending registration this browser
 * holds the token of is cancelled, and its open checkout session stops taking payment. A
 * registration that was already paid stays as it is (a refund is staff's, with the manager
 * password); cancelling twice is harmless.
 */
export async function cancelRegistration(
  deps: AppDeps,
  registrationId: string,
  token: string,
): Promise<RegistrationStatusResponse> {
  const now = deps.now();
  const { row, openSessions } = await deps.db.transaction(async (tx) => {
    const registration = await loadOwnedRegistration(tx, registrationId, token, { lock: true });
    if (registration.status !== "pending") return { row: registration, openSessions: [] };
    const [updated] = await tx
      .update(eventRegistrations)
      .set({ status: "cancelled", holdExpiresAt: null, updatedAt: now })
      .where(eq(eventRegistrations.id, registration.id))
      .returning();
    const open = await tx
      .update(payments)
      .set({ state: "expired", updatedAt: now })
      .where(and(paymentsOf(EVENT_REGISTRATION, registration.id), eq(payments.state, "created")))
      .returning({ providerSessionId: payments.providerSessionId });
    return {
      row: present(updated),
      openSessions: open.flatMap((p) => (p.providerSessionId ? [p.providerSessionId] : [])),
    };
  });
  for (const sessionId of openSessions) {
    // Best effort: a session that still completes is refunded or confirmed by the webhook.
    await deps.payments?.expireCheckoutSession(sessionId).catch((err) => {
      deps.logger.warn({ err, sessionId }, "could not expire an event checkout session");
    });
  }
  // Issue 15 §1: the place this hold kept goes to the next person waiting.
  if (row.status === "cancelled") await refillEventWaitlist(deps, row.eventId);
  return toRegistrationStatus(row);
}
