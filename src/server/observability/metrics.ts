import { timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, min, sql } from "drizzle-orm";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database, Db } from "../db/client";
import { emailOutbox, holds, payments, reservations } from "../db/schema";

/**
 * The Prometheus metrics of one app instance (docs/monitoring.md). Latency and the pool are this
 * process's; the business figures (holds, bookings, refunds, outbox) are read from the database at
 * each scrape, so every instance reports the same venue-wide values and a restart loses nothing.
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
  const paymentsRefunded = gauge("venue_payments_refunded", "Payments refunded, all time");
  const outboxPending = gauge("venue_outbox_pending", "Emails queued and not yet sent");
  const outboxFailed = gauge("venue_outbox_failed", "Emails given up after every retry");
  const outboxOldestAge = gauge(
    "venue_outbox_oldest_pending_age_seconds",
    "Age of the oldest email not yet sent; 0 when the queue is empty",
  );
  const pool = gauge("venue_db_pool_connections", "Database connections of this instance's pool", ["state"]);

  async function refresh(db: Db, database: Database, now: Date) {
    const [[activeHolds], [confirmed], [refunded], [pending], [failed]] = await Promise.all([
      db
        .select({ n: count() })
        .from(holds)
        .where(and(eq(holds.status, "active"), gt(holds.expiresAt, now))),
      db.select({ n: count() }).from(reservations).where(eq(reservations.status, "confirmed")),
      db.select({ n: count() }).from(payments).where(eq(payments.state, "refunded")),
      db
        // The database's clock on both sides: created_at is its default.
        .select({
          n: count(),
          age: sql<string>`coalesce(extract(epoch from now() - ${min(emailOutbox.createdAt)}), 0)`,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, "pending")),
      db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "failed")),
    ]);
    holdsActive.set(activeHolds?.n ?? 0);
    bookingsConfirmed.set(confirmed?.n ?? 0);
    paymentsRefunded.set(refunded?.n ?? 0);
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
