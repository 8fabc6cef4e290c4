import { verifyPassword } from "better-auth/crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { SessionUser } from "../../auth/session-user";
import type { Database, Db, Tx } from "../../db/client";
import { auditLog, venueSettings } from "../../db/schema";
import type { Config } from "../../lib/config";
import { AppError, isAppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { logManagerAction } from "../../observability/business-events";
import { type AuditDetails, type AuditTarget, type DenialReason, writeAudit } from "./audit-log";
import { applyPendingManagerPassword } from "./ensure-manager-password";

/** What the check uses of the app's dependencies (AppDeps, src/server/deps.ts, sits above the kernel). */
export type ManagerPasswordDeps = {
  db: Db;
  database: Pick<Database, "kind">;
  config: Pick<Config, "DATA_DIR">;
  logger: Logger;
  now: () => Date;
};

// SPEC §6 Manager password and DECISIONS.md: a shared staff secret, stored only as a hash in
// venue_settings, checked by the server, throttled against guessing (at most 5 wrong tries per admin
// per 15 minutes, counted from the audit log), and every use — right or wrong — audit-logged.

export const MANAGER_PASSWORD_MESSAGES = {
  /** SPEC §8 Admin: a 403 is shown inline as this text. */
  wrong: "Incorrect manager password or unauthorized",
  throttled: "Too many incorrect manager password attempts. Please wait 15 minutes and try again.",
  notConfigured: "The manager password has not been set up yet. Set it with npm run manager-password.",
} as const;

export const MANAGER_PASSWORD_MAX_FAILURES = 5;
export const MANAGER_PASSWORD_WINDOW_MS = 15 * 60_000;

type CheckResult = "ok" | DenialReason;

/**
 * Checks the manager password for `target`, then runs `perform` in one transaction with the success
 * entry of the audit log, so the change and its record commit together. A wrong password is a 403,
 * a throttled admin a 429; both are logged as denied. A failure inside `perform` is logged as an
 * error and rethrown.
 */
export async function withManagerPassword<T>(
  deps: ManagerPasswordDeps,
  actor: SessionUser,
  password: string,
  target: AuditTarget,
  perform: (tx: Tx) => Promise<{ result: T; details?: AuditDetails }>,
): Promise<T> {
  const check = await checkManagerPassword(deps, actor, password, target);
  if (check !== "ok") {
    logManagerAction(
      deps.logger,
      {
        action: target.action,
        targetType: target.targetType,
        targetId: target.targetId,
        actorUserId: actor.id,
        outcome: "denied",
      },
      check,
    );
  }
  if (check === "throttled") throw new AppError("TOO_MANY_ATTEMPTS", MANAGER_PASSWORD_MESSAGES.throttled);
  if (check === "not_configured") throw new AppError("FORBIDDEN", MANAGER_PASSWORD_MESSAGES.notConfigured);
  if (check === "wrong_password") throw new AppError("FORBIDDEN", MANAGER_PASSWORD_MESSAGES.wrong);
  const logged = { action: target.action, targetType: target.targetType, targetId: target.targetId };
  try {
    const result = await deps.db.transaction(async (tx) => {
      const { result, details } = await perform(tx);
      await writeAudit(tx, { ...target, actorUserId: actor.id, outcome: "success", at: deps.now(), details });
      return result;
    });
    logManagerAction(deps.logger, { ...logged, actorUserId: actor.id, outcome: "success" });
    return result;
  } catch (err) {
    logManagerAction(
      deps.logger,
      { ...logged, actorUserId: actor.id, outcome: "error" },
      isAppError(err) ? err.code : "INTERNAL",
    );
    await writeAudit(deps.db, {
      ...target,
      actorUserId: actor.id,
      outcome: "error",
      at: deps.now(),
      details: {
        reason: isAppError(err) ? err.code : "INTERNAL",
        message: isAppError(err) ? err.message : "Unexpected error",
      },
    }).catch((auditErr) => deps.logger.error({ err: auditErr }, "could not write the audit log"));
    throw err;
  }
}

/**
 * One admin's attempts run one at a time (a transaction-scoped advisory lock), so six wrong
 * passwords sent at once still meet the limit after five.
 */
async function checkManagerPassword(
  deps: ManagerPasswordDeps,
  actor: SessionUser,
  password: string,
  target: AuditTarget,
): Promise<CheckResult> {
  const now = deps.now();
  if (deps.database.kind === "pglite") await applyPendingManagerPassword(deps.db, deps.config.DATA_DIR);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`manager-password:${actor.id}`}))`);
    const deny = async (reason: DenialReason): Promise<CheckResult> => {
      await writeAudit(tx, {
        ...target,
        actorUserId: actor.id,
        outcome: "denied",
        at: now,
        details: { reason },
      });
      return reason;
    };
    const [failures] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, actor.id),
          eq(auditLog.outcome, "denied"),
          sql`${auditLog.details}->>'reason' = 'wrong_password'`,
          gt(auditLog.at, new Date(now.getTime() - MANAGER_PASSWORD_WINDOW_MS)),
        ),
      );
    if ((failures?.n ?? 0) >= MANAGER_PASSWORD_MAX_FAILURES) return deny("throttled");
    const [settings] = await tx
      .select({ hash: venueSettings.managerPasswordHash })
      .from(venueSettings)
      .where(eq(venueSettings.id, 1));
    if (!settings?.hash) return deny("not_configured");
    const ok = await verifyPassword({ hash: settings.hash, password });
    return ok ? "ok" : deny("wrong_password");
  });
}
