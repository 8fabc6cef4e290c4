import { and, desc, eq, lt } from "drizzle-orm";
import type { AuditEntry, AuditLogResponse } from "../../contracts/admin";
import type { Db } from "../db/client";
import { auditLog, users } from "../db/schema";

const PAGE = 100;

const REASONS: Record<string, string> = {
  wrong_password: "Incorrect manager password",
  throttled: "Too many incorrect attempts",
  not_configured: "Manager password not set",
};

/** The read-only audit log view: newest first, a page at a time, filtered by action and outcome. */
export async function listAuditLog(
  db: Db,
  filters: { action?: string; outcome?: "success" | "denied" | "error"; before?: string },
): Promise<AuditLogResponse> {
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
    };
  });
  const last = entries.at(-1);
  return { entries, nextBefore: rows.length > PAGE && last ? String(last.id) : null };
}
