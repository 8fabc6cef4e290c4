import type { Tx } from "../db/client";
import { type AuditAction, writeAudit } from "../kernel/staff/audit-log";
import type { EventValues } from "./event-values";

// Issue 33: staff changes to events and their registrations go to the audit log with who, what,
// before and after, in the change's own transaction.

type EventFacts = Omit<
  Pick<
    EventValues,
    | "name"
    | "type"
    | "date"
    | "startTime"
    | "endTime"
    | "courts"
    | "maxParticipants"
    | "memberPriceCents"
    | "nonMemberPriceCents"
    | "isPrivate"
  >,
  "type"
> & { type: string };

export function eventFacts(row: EventFacts): EventFacts {
  return {
    name: row.name,
    type: row.type,
    date: row.date,
    startTime: row.startTime.slice(0, 5),
    endTime: row.endTime.slice(0, 5),
    courts: row.courts,
    maxParticipants: row.maxParticipants,
    memberPriceCents: row.memberPriceCents,
    nonMemberPriceCents: row.nonMemberPriceCents,
    isPrivate: row.isPrivate,
  };
}

export async function auditEvent(
  tx: Tx,
  entry: {
    action: Extract<AuditAction, "create_event" | "update_event" | "delete_event">;
    actorId: string;
    at: Date;
    eventId: string;
    label: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  await writeAudit(tx, {
    action: entry.action,
    targetType: "event",
    targetId: entry.eventId,
    targetLabel: entry.label,
    actorUserId: entry.actorId,
    outcome: "success",
    at: entry.at,
    details: { before: entry.before, after: entry.after },
  });
}

export async function auditRegistration(
  tx: Tx,
  entry: {
    action: Extract<AuditAction, "add_event_registration" | "delete_event_registration">;
    actorId: string;
    at: Date;
    registrationId: string;
    label: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  await writeAudit(tx, {
    action: entry.action,
    targetType: "event_registration",
    targetId: entry.registrationId,
    targetLabel: entry.label,
    actorUserId: entry.actorId,
    outcome: "success",
    at: entry.at,
    details: { before: entry.before, after: entry.after },
  });
}
