import { timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, max, min, sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database, Db } from "../db/client";
import { backupRuns, emailOutbox, holds, payments, reservations, smsOutbox } from "../db/schema";

/**
 * The Prometheus metrics of one app instance (docs/monitoring.md). Latency and the pool are this
 * process's; the business figures (holds, bookings, refunds, outbox, texts, backups) are read from
 * the database at each scrape, so every instance reports the same venue-wide values and a restart
 * loses nothing. Issue 30 item 12: what is counted is a counter (`_total`, only ever grows: read it
 * with increase()), what is a level is a gauge (read as it is; a level that drops, as confirmed
 * bookings do on a refund, would look like a counter's reset to increase()).
 */
export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(options: { token: string | undefined; defaultMetrics?: boolean }) {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const holdsActive = gauge("venue_holds_active", "Payment holds that still block their slots");
  const bookingsConfirmed = gauge(
    "venue_bookings_confirmed",
    "Reservations in status confirmed (paid, free member bookings and staff bookings)",
  );
  /** A counter whose value is read from the database at each scrape (it only ever grows there). */
  const counterFromDatabase = (name: string, help: string) => {
    let value = 0;
    const counter = new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(value);
      },
    });
    return { counter, set: (next: number) => (value = next) };
  };
  const bookingsMade = counterFromDatabase(
    "venue_bookings_made_total",
    "Bookings made, all time: online bookings paid (or free), members' free bookings and staff bookings",
  );
  const refunds = counterFromDatabase(
    "venue_refunds_total",
    "Payments refunded in part or in full, all time",
  );
  const refundedCents = counterFromDatabase(
    "venue_refunded_cents_total",
    "Money refunded, all time, in cents",
  );
  const textsSent = counterFromDatabase(
    "venue_texts_sent_total",
    "Text messages the provider accepted, all time",
  );
  const textsFailed = counterFromDatabase(
    "venue_texts_failed_total",
    "Text messages given up after every retry, all time",
  );
  const backupAge = gauge(
    "venue_backup_age_seconds",
    "Age of the newest finished backup (the backup command records each); +Inf when there is none",
  );
  const outboxPending = gauge("venue_outbox_pending", "Emails queued and not yet sent");
  const outboxFailed = gauge("venue_outbox_failed", "Emails given up after every retry");
  const outboxOldestAge = gauge(
    "venue_outbox_oldest_pending_age_seconds",
    "Age of the oldest email not yet sent; 0 when the queue is empty",
  );
  const pool = gauge("venue_db_pool_connections", "Database connections of this instance's pool", ["state"]);

  async function refresh(db: Db, database: Database, now: Date) {
    const [[activeHolds], [confirmed], [refunded], [pending], [failed], [made], [texts], [backup]] =
      await Promise.all([
        db
          .select({ n: count() })
          .from(holds)
          .where(and(eq(holds.status, "active"), gt(holds.expiresAt, now))),
        db.select({ n: count() }).from(reservations).where(eq(reservations.status, "confirmed")),
        db
          .select({ n: count(), cents: sql<string>`coalesce(sum(${payments.refundedCents}), 0)` })
          .from(payments)
          .where(gt(payments.refundedCents, 0)),
        db
          // The database's clock on both sides: created_at is its default.
          .select({
            n: count(),
            age: sql<string>`coalesce(extract(epoch from now() - ${min(emailOutbox.createdAt)}), 0)`,
          })
          .from(emailOutbox)
          .where(eq(emailOutbox.status, "pending")),
        db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "failed")),
        // A booking made is a paid hold (online; its status stays paid) or a reservation made without
        // a hold (a member's free booking, a staff booking); cancelling one later does not unmake it.
        db
          .select({
            n: sql<string>`count(*) + (select count(*) from ${reservations} where ${reservations.holdId} is null)`,
          })
          .from(holds)
          .where(eq(holds.status, "paid")),
        db
          .select({
            sent: sql<string>`count(*) filter (where ${smsOutbox.status} = 'sent')`,
            failed: sql<string>`count(*) filter (where ${smsOutbox.status} = 'failed')`,
          })
          .from(smsOutbox),
        db
          .select({ age: sql<string | null>`extract(epoch from now() - ${max(backupRuns.finishedAt)})` })
          .from(backupRuns),
      ]);
    holdsActive.set(activeHolds?.n ?? 0);
    bookingsConfirmed.set(confirmed?.n ?? 0);
    refunds.set(refunded?.n ?? 0);
    refundedCents.set(Number(refunded?.cents ?? 0));
    bookingsMade.set(Number(made?.n ?? 0));
    textsSent.set(Number(texts?.sent ?? 0));
    textsFailed.set(Number(texts?.failed ?? 0));
    backupAge.set(backup?.age == null ? Number.POSITIVE_INFINITY : Math.max(0, Number(backup.age)));
    outboxPending.set(pending?.n ?? 0);
    outboxFailed.set(failed?.n ?? 0);
    outboxOldestAge.set(Math.max(0, Number(pending?.age ?? 0)));
    const usage = database.poolUsage();
    pool.set({ state: "total" }, usage.total);
    pool.set({ state: "idle" }, usage.idle);
    pool.set({ state: "in_use" }, usage.total - usage.idle);
    pool.set({ state: "waiting" }, usage.waiting);
    pool.set({ state: "max" }, usage.max);
  }

  return {
    enabled: Boolean(options.token),
    contentType: registry.contentType,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requestDuration.observe({ method, route, status: String(status) }, seconds);
    },
    /** Bearer token check in constant time; without METRICS_TOKEN nobody passes. */
    authorized(header: string | undefined): boolean {
      if (!options.token || !header?.startsWith("Bearer ")) return false;
      const given = Buffer.from(header.slice(7).trim());
      const expected = Buffer.from(options.token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async render(db: Db, database: Database, now: Date): Promise<string> {
      await refresh(db, database, now);
      return registry.metrics();
    },
  };
}
