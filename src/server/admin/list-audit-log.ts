import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { AuditEntry, AuditLogResponse } from "../../contracts/admin-audit";
import { addDaysToDate, compareDates, venueInstant } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { auditLog, users } from "../db/schema";
import { fieldError } from "../lib/errors";
import { describeAuditChange } from "./describe-audit-change";

const PAGE = 100;

const REASONS: Record<string, string> = {
  wrong_password: "Incorrect manager password",
  throttled: "Too many incorrect attempts",
  not_configured: "Manager password not set",
};

export type AuditLogFilters = {
  action?: string;
  outcome?: "success" | "denied" | "error";
  before?: string;
  /** Who acted: part of their name or email. */
  person?: string;
  /** Venue dates, both included. */
  from?: string;
  to?: string;
};

/** A LIKE pattern that matches `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function personMatches(person: string): SQL | undefined {
  const pattern = containing(person);
  return or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern));
}

/**
 * The audit log view: newest first, a page at a time, filtered by action, outcome, the person who
 * acted (issue 33) and a range of venue dates.
 */
export async function listAuditLog(db: Db, filters: AuditLogFilters): Promise<AuditLogResponse> {
  if (filters.from && filters.to && compareDates(filters.to, filters.from) < 0) {
    throw fieldError("to", "The end date is before the start date");
  }
  const rows = await db
    .select({
      entry: auditLog,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        filters.action ? eq(auditLog.action, filters.action) : undefined,
        filters.outcome ? eq(auditLog.outcome, filters.outcome) : undefined,
        filters.before ? lt(auditLog.id, Number(filters.before)) : undefined,
        filters.person ? personMatches(filters.person) : undefined,
        filters.from ? gte(auditLog.at, venueInstant(filters.from, "00:00")) : undefined,
        filters.to ? lt(auditLog.at, venueInstant(addDaysToDate(filters.to, 1), "00:00")) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(PAGE + 1);
  const entries: AuditEntry[] = rows.slice(0, PAGE).map(({ entry, firstName, lastName, email }) => {
    const details = (entry.details ?? {}) as Record<string, unknown>;
    const reason = typeof details.reason === "string" ? details.reason : null;
    const message = typeof details.message === "string" ? details.message : null;
    return {
      id: entry.id,
      at: entry.at.toISOString(),
      actorName: firstName !== null ? `${firstName} ${lastName ?? ""}`.trim() : null,
      actorEmail: email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetLabel: typeof details.targetLabel === "string" ? details.targetLabel : null,
      outcome: entry.outcome === "success" ? "success" : entry.outcome === "denied" ? "denied" : "error",
      reason: message ?? (reason ? (REASONS[reason] ?? reason) : null),
      changes: describeAuditChange(details),
    };
  });
  const last = entries.at(-1);
  return { entries, nextBefore: rows.length > PAGE && last ? String(last.id) : null };
}
