import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { CHANNELS, notify } from "../db/notify-bus";
import { smsOutbox } from "../db/schema";
import { retryDelayMs } from "../email/outbox";
import type { Logger } from "../logger";
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
}) {
  const { db, logger, sender, now } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function enqueue(executor: Db | Tx, sms: OutgoingSms): Promise<void> {
    await executor
      .insert(smsOutbox)
      .values({ toPhone: sms.to, body: sms.body, dedupeKey: sms.dedupeKey ?? null, nextAttemptAt: now() })
      .onConflictDoNothing({ target: smsOutbox.dedupeKey });
    await notify(executor, CHANNELS.outbox);
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
