import { and, asc, count, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { TEXTS_PER_PHONE_PER_DAY } from "../../domain/phone-proof";
import type { Db, Tx } from "../db/client";
import { CHANNELS, notify } from "../db/notify-bus";
import { smsOptOuts, smsOutbox } from "../db/schema";
import { retryDelayMs } from "../email/outbox";
import type { Logger } from "../lib/logger";
import type { SmsSender } from "./sms-sender";

export type OutgoingSms = {
  to: string;
  body: string;
  /** Queued once per key, however often the caller runs. */
  dedupeKey?: string;
};

const MAX_ATTEMPTS = 8;
const BATCH = 20;

export type SmsOutbox = ReturnType<typeof createSmsOutbox>;

/**
 * Every text message goes through the sms_outbox table, written in the caller's transaction, like
 * the email outbox (src/server/email/outbox.ts): a worker claims due rows with FOR UPDATE SKIP
 * LOCKED, the claim commits before the provider is called, so several instances never send one
 * row twice. Without a provider (development) the rows stay and show at /dev/sms.
 */
export function createSmsOutbox(options: {
  db: Db;
  logger: Logger;
  sender: SmsSender | null;
  now: () => Date;
  /** Counts texts sent, failed and withheld (metrics). */
  onSent?: () => void;
  onFailed?: () => void;
  onWithheld?: () => void;
}) {
  const { db, logger, sender, now, onSent, onFailed, onWithheld } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /**
   * Queues a text, unless its phone answered STOP or already has the day's ceiling of texts
   * (issue 30 item 2: whatever flow asks, for whatever email or address). Returns whether it was queued.
   */
  async function enqueue(executor: Db | Tx, sms: OutgoingSms): Promise<boolean> {
    const at = now();
    const [optedOut] = await executor
      .select({ phone: smsOptOuts.phone })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phone, sms.to));
    const [today] = await executor
      .select({ n: count() })
      .from(smsOutbox)
      .where(
        and(eq(smsOutbox.toPhone, sms.to), gt(smsOutbox.createdAt, new Date(at.getTime() - 24 * 3600_000))),
      );
    if (optedOut || (today?.n ?? 0) >= TEXTS_PER_PHONE_PER_DAY) {
      logger.info(
        { event: "sms.withheld", reason: optedOut ? "opted_out" : "daily_ceiling" },
        "sms withheld",
      );
      onWithheld?.();
      return false;
    }
    await executor
      .insert(smsOutbox)
      .values({
        toPhone: sms.to,
        body: sms.body,
        dedupeKey: sms.dedupeKey ?? null,
        nextAttemptAt: at,
        createdAt: at,
      })
      .onConflictDoNothing({ target: smsOutbox.dedupeKey });
    await notify(executor, CHANNELS.outbox);
    return true;
  }

  async function claimBatch() {
    const due = db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, "pending"), lte(smsOutbox.nextAttemptAt, now())))
      .orderBy(asc(smsOutbox.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(smsOutbox)
      .set({
        attempts: sql`${smsOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now().getTime() + 5 * 60_000),
      })
      .where(and(inArray(smsOutbox.id, due), eq(smsOutbox.status, "pending")))
      .returning();
  }

  async function send(provider: SmsSender, row: typeof smsOutbox.$inferSelect): Promise<boolean> {
    try {
      const { id } = await provider.send(row.toPhone, row.body);
      await db
        .update(smsOutbox)
        .set({ status: "sent", sentAt: now(), lastError: null, providerMessageId: id })
        .where(eq(smsOutbox.id, row.id));
      logger.info({ event: "sms.sent", smsId: row.id, attempts: row.attempts }, "sms sent");
      onSent?.();
      return true;
    } catch (err) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const message = String((err as Error).message ?? err).slice(0, 500);
      await db
        .update(smsOutbox)
        .set({
          status: failed ? "failed" : "pending",
          lastError: message,
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(smsOutbox.id, row.id));
      if (failed) onFailed?.();
      logger.warn(
        { event: failed ? "sms.failed" : "sms.retry", smsId: row.id, err: message },
        "sms not sent",
      );
      return false;
    }
  }

  async function deliverOnce(): Promise<number> {
    if (!sender) return 0;
    let sent = 0;
    for (let batch = 0; batch < 50; batch++) {
      const claimed = await claimBatch();
      for (const row of claimed) if (await send(sender, row)) sent++;
      if (claimed.length < BATCH) break;
    }
    return sent;
  }

  function deliverDue(): Promise<number> {
    if (running) return running.then(() => deliverDue());
    running = deliverOnce().finally(() => {
      running = null;
    });
    return running;
  }

  const runLogged = () => void deliverDue().catch((err) => logger.error({ err }, "sms outbox run failed"));

  return {
    enqueue,
    deliverDue,
    nudge() {
      if (timer) setTimeout(runLogged, 50);
    },
    enabled: sender !== null,
    start(intervalMs = 10_000) {
      if (!sender || timer) return;
      timer = setInterval(runLogged, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
