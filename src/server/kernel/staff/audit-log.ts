import type { Db, Tx } from "../../db/client";
import { auditLog } from "../../db/schema";

// DECISIONS.md Manager password: every use, right or wrong, is written here with the acting admin,
// the target and the time (SPEC §6). Rows are only ever inserted; the admin view reads them.

export type AuditAction =
  | "refund_reservation"
  | "refund_event_registration"
  | "freeze_account"
  | "unfreeze_account"
  | "cancel_membership"
  | "customer_cancel_booking"
  | "customer_reschedule_booking"
  | "update_self_service_policy"
  | "offer_waitlist_place"
  | "update_waitlist_offer_time";

export type AuditOutcome = "success" | "denied" | "error";

/** Why an attempt was denied; wrong_password rows are what the throttle counts. */
export type DenialReason = "wrong_password" | "throttled" | "not_configured";

export type AuditTarget = {
  action: AuditAction;
  targetType: "reservation" | "user" | "event_registration" | "booking" | "venue_settings" | "waitlist_entry";
  targetId: string;
  /** How staff would recognise the target later, kept even if the row changes or goes. */
  targetLabel?: string | null;
};

export type AuditDetails = {
  targetLabel?: string | null;
  reason?: DenialReason | string;
  message?: string;
  [key: string]: unknown;
};

export async function writeAudit(
  executor: Db | Tx,
  entry: AuditTarget & {
    /** Null when the customer acted through their manage link without signing in. */
    actorUserId: string | null;
    outcome: AuditOutcome;
    at: Date;
    details?: AuditDetails;
  },
): Promise<void> {
  await executor.insert(auditLog).values({
    at: entry.at,
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    outcome: entry.outcome,
    details: { targetLabel: entry.targetLabel ?? null, ...entry.details },
  });
}
