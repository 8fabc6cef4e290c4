import type { Logger } from "../lib/logger";

/**
 * Business events as info lines with a stable `event` name and the ids an operator searches by
 * (docs/monitoring.md lists them). The webhook is the one place payments and memberships change
 * state, so its outcome is logged here rather than in each purpose's handler.
 */
export function logWebhookOutcome(
  logger: Logger,
  webhook: { id: string; type: string; objectId?: string; purpose?: string },
  outcome: string,
): void {
  const name = webhookEventName(webhook.type, webhook.purpose, outcome);
  if (!name) return;
  logger.info(
    {
      event: name,
      providerEventId: webhook.id,
      providerObjectId: webhook.objectId,
      purpose: webhook.purpose,
      outcome,
    },
    name.replace(".", " "),
  );
}

function webhookEventName(type: string, purpose: string | undefined, outcome: string): string | null {
  if (outcome === "duplicate" || outcome === "ignored") return null;
  if (type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded") {
    if (outcome === "refunded") return "payment.refunded";
    if (outcome === "confirmed") return purpose === "membership" ? "membership.started" : "payment.confirmed";
    return null;
  }
  if (type === "checkout.session.expired") return "checkout.expired";
  // A refund the provider reported (made in its dashboard, or ours seen first by its event).
  if (type.startsWith("refund.") && outcome === "refunded") return "payment.refunded";
  if (type === "customer.subscription.deleted") return "membership.ended";
  if (type === "customer.subscription.updated") return "membership.updated";
  if (type === "invoice.paid" || type === "invoice.payment_succeeded") return "membership.renewed";
  return null;
}

/** A manager-password action (refund, freeze, unfreeze, cancel membership), as the audit log has it. */
export function logManagerAction(
  logger: Logger,
  entry: { action: string; targetType: string; targetId: string; actorUserId: string; outcome: string },
  reason?: string,
): void {
  const fields = { event: "manager.action", ...entry, ...(reason ? { reason } : {}) };
  if (entry.outcome === "success") logger.info(fields, "manager action");
  else logger.warn(fields, "manager action refused");
  if (entry.outcome === "success" && entry.action.startsWith("refund_")) {
    logger.info(
      { event: "payment.refunded", targetType: entry.targetType, targetId: entry.targetId, by: "staff" },
      "payment refunded",
    );
  }
}
