import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db, Tx } from "../db/client";
import { emailOutbox } from "../db/schema";
import type { Logger } from "../logger";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
  /** Queued once per key, however often the caller runs (webhook retries, double clicks). */
  dedupeKey?: string;
};

const MAX_ATTEMPTS = 12;
const BATCH = 20;

/** Exponential backoff: 30 s, 1 min, 2 min … capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export type Outbox = ReturnType<typeof createOutbox>;

// Every email goes through the email_outbox table (DECISIONS.md), written in the caller's
// transaction, so none is lost when the mail server is down; a worker delivers and retries.
export function createOutbox(options: {
  db: Db;
  logger: Logger;
  transport: Transporter | null;
  from: string;
  now: () => Date;
}) {
  const { db, logger, transport, from, now } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function enqueue(executor: Db | Tx, email: OutgoingEmail): Promise<void> {
    await executor
      .insert(emailOutbox)
      .values({
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
        attachments: email.attachments ?? null,
        dedupeKey: email.dedupeKey ?? null,
        // Due now by the clock the worker reads (deps.now), not the database server's.
        nextAttemptAt: now(),
      })
      .onConflictDoNothing({ target: emailOutbox.dedupeKey });
    nudge();
  }

  async function deliverOnce(): Promise<number> {
    if (!transport) return 0;
    const due = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now())))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(BATCH);
    let sent = 0;
    for (const row of due) {
      // Claim the row so two workers never send the same email.
      const claimed = await db
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          nextAttemptAt: new Date(now().getTime() + 5 * 60_000),
        })
        .where(
          and(
            eq(emailOutbox.id, row.id),
            eq(emailOutbox.attempts, row.attempts),
            eq(emailOutbox.status, "pending"),
          ),
        )
        .returning({ attempts: emailOutbox.attempts });
      const attempts = claimed[0]?.attempts;
      if (attempts === undefined) continue;
      try {
        await transport.sendMail({
          from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          attachments: row.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, "base64"),
          })),
        });
        await db
          .update(emailOutbox)
          .set({ status: "sent", sentAt: now(), lastError: null })
          .where(eq(emailOutbox.id, row.id));
        sent++;
      } catch (err) {
        const failed = attempts >= MAX_ATTEMPTS;
        await db
          .update(emailOutbox)
          .set({
            status: failed ? "failed" : "pending",
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(emailOutbox.id, row.id));
        logger.warn(
          { emailId: row.id, attempts, err: (err as Error).message },
          "email delivery failed; will retry",
        );
      }
    }
    return sent;
  }

  function deliverDue(): Promise<number> {
    if (!running) {
      running = deliverOnce().finally(() => {
        running = null;
      });
    }
    return running;
  }

  function nudge() {
    if (timer)
      setTimeout(() => void deliverDue().catch((err) => logger.error({ err }, "outbox run failed")), 50);
  }

  return {
    enqueue,
    deliverDue,
    smtpEnabled: transport !== null,
    start(intervalMs = 10_000) {
      if (!transport || timer) return;
      timer = setInterval(
        () => void deliverDue().catch((err) => logger.error({ err }, "outbox run failed")),
        intervalMs,
      );
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
