import { and, asc, eq, inArray, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { DEFAULT_BRAND_COLOR } from "../../domain/venue-identity";
import type { Db, Tx } from "../db/client";
import { fixedStatement } from "../db/fixed-statement";
import { CHANNELS } from "../db/notify-bus";
import { emailOutbox, venueSettings } from "../db/schema";
import type { Logger } from "../lib/logger";
import { BRAND_COLOR } from "./layout";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `content` in base64; `cid` makes it an inline part the HTML shows as `cid:…` (a QR code). */
  attachments?: Array<{ filename: string; contentType: string; content: string; cid?: string }>;
  /** Queued once per key, however often the caller runs (webhook retries, double clicks). */
  dedupeKey?: string;
};

/** What the outbox needs of a mail transport: nodemailer's Transporter, or bootstrap's lazy one. */
export type MailTransport = { sendMail(mail: SendMailOptions): Promise<unknown> };

const MAX_ATTEMPTS = 12;
const BATCH = 20;
const MAX_BATCHES_PER_RUN = 50;

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
  transport: MailTransport | null;
  from: string;
  now: () => Date;
}) {
  const { db, logger, transport, from, now } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /**
   * Queues an email in one statement (it runs inside the paid booking's transaction; issue 35): the
   * row, with Settings › Venue's colour put in the layout's brand places by the database as of the
   * caller's transaction, and the notification that wakes every instance's worker at commit
   * (src/server/db/notify-bus.ts), not only this one's.
   */
  async function enqueue(executor: Db | Tx, email: OutgoingEmail): Promise<void> {
    await enqueueStatement(executor, {
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      attachments: email.attachments ? JSON.stringify(email.attachments) : null,
      dedupeKey: email.dedupeKey ?? null,
      // Due now by the clock the worker reads (deps.now), not the database server's.
      nextAttemptAt: now(),
    });
    nudge();
  }

  /**
   * Claims a batch of due emails in one statement. SKIP LOCKED lets several instances claim at
   * once without waiting on each other or taking the same row; the claim (attempts + 1, next try
   * in 5 minutes) commits before sending, so a process that dies mid-send leaves the email to be
   * retried, never lost, and a second instance never sends it while the first still may.
   */
  async function claimBatch() {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now())))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now().getTime() + 5 * 60_000),
      })
      .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, "pending")))
      .returning();
  }

  async function deliverOnce(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    // Batch after batch until the queue has nothing due, so a burst drains without waiting a tick.
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const claimed = await claimBatch();
      for (const row of claimed) if (await send(transport, row)) sent++;
      if (claimed.length < BATCH) break;
    }
    return sent;
  }

  async function send(mailer: MailTransport, row: typeof emailOutbox.$inferSelect): Promise<boolean> {
    const attempts = row.attempts;
    try {
      await mailer.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments: row.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, "base64"),
          ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
        })),
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: now(), lastError: null })
        .where(eq(emailOutbox.id, row.id));
      logger.info({ event: "email.sent", emailId: row.id, attempts }, "email sent");
      return true;
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
      if (failed) {
        logger.error(
          { event: "email.failed", emailId: row.id, attempts, err: (err as Error).message },
          "email delivery failed for good",
        );
      } else {
        logger.warn(
          { event: "email.retry", emailId: row.id, attempts, err: (err as Error).message },
          "email delivery failed; will retry",
        );
      }
      return false;
    }
  }

  let again = false;
  function deliverDue(): Promise<number> {
    if (running) {
      // Queued while a run is under way: that run goes round once more instead of missing it.
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      do {
        again = false;
        sent += await deliverOnce();
      } while (again);
      return sent;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function nudge() {
    if (timer)
      setTimeout(() => void deliverDue().catch((err) => logger.error({ err }, "outbox run failed")), 50);
  }

  return {
    enqueue,
    deliverDue,
    /** Delivers soon when the worker runs; called when another instance queued an email. */
    nudge,
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

/**
 * An email queued and the outbox's channel notified, in one statement of a fixed shape (rendered
 * once: db/fixed-statement.ts, decision 045). The attachments go as JSON text or null (drizzle would
 * encode a null placeholder as JSON's null).
 */
const enqueueStatement = fixedStatement<never>("outbox_enqueue", (executor) => {
  const queued = executor
    .insert(emailOutbox)
    .values({
      toAddress: sql.placeholder("toAddress"),
      subject: sql.placeholder("subject"),
      textBody: sql.placeholder("textBody"),
      htmlBody: branded(sql.placeholder("htmlBody")),
      attachments: sql`${sql.placeholder("attachments")}`,
      dedupeKey: sql.placeholder("dedupeKey"),
      nextAttemptAt: sql.placeholder("nextAttemptAt"),
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .getSQL();
  return sql`with queued as (${queued}) select pg_notify(${CHANNELS.outbox}, '')`;
});

/**
 * The HTML with the venue's colour in the layout's brand places, read where it is inserted (HTML
 * without those places, or none, comes through unchanged).
 */
function branded(html: Placeholder): SQL {
  const colour = sql`(select ${venueSettings.brandColor} from ${venueSettings} where ${venueSettings.id} = 1)`;
  return sql`replace(${html}::text, ${BRAND_COLOR}::text, coalesce(${colour}, ${DEFAULT_BRAND_COLOR}::text))`;
}
