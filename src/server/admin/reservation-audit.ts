import type { AdminReservation } from "../../contracts/admin";
import type { Tx } from "../db/client";
import { type AuditAction, writeAudit } from "../kernel/staff/audit-log";

// Issue 33: every staff change to a booking is in the audit log with who, what, before and after,
// written in the change's own transaction.

export const reservationLabel = (r: AdminReservation) =>
  `${r.customerName} · ${r.facilityName} · ${r.date} ${r.displayTime}`;

/** The facts of a booking staff change, as the log shows them. */
export const reservationFacts = (r: AdminReservation) => ({
  facility: r.facilityName,
  date: r.date,
  time: r.displayTime,
  status: r.status,
  desk: r.manualPaymentStatus,
  // Issue 32 item 4: the price in cents and how it was paid.
  priceCents: r.priceCents,
  method: r.paymentMethod,
});

type Fact = keyof ReturnType<typeof reservationFacts>;

export async function auditReservation(
  tx: Tx,
  entry: {
    action: AuditAction;
    actorId: string;
    at: Date;
    before: AdminReservation | null;
    after: AdminReservation;
    /** The facts this change is about (all of them for a new booking). */
    facts: Fact[];
  },
): Promise<void> {
  const pick = (r: AdminReservation) =>
    Object.fromEntries(entry.facts.map((fact) => [fact, reservationFacts(r)[fact]]));
  await writeAudit(tx, {
    action: entry.action,
    targetType: "reservation",
    targetId: entry.after.id,
    targetLabel: reservationLabel(entry.after),
    actorUserId: entry.actorId,
    outcome: "success",
    at: entry.at,
    details: { before: entry.before ? pick(entry.before) : null, after: pick(entry.after) },
  });
}
