import type { AppDeps } from "../deps";
import { pruneRateLimitHits } from "../kernel/rate-limit";
import { expireHolds } from "../kernel/schedule/expire-holds";
import { notifyFreedSlots } from "../notifications/notify-freed-slots";
import { sendDueReminders } from "../notifications/send-due-reminders";
import { createJobRunner, type Job } from "./job-runner";

/**
 * The server's periodic work. Availability already ignores ended holds; the sweeper tidies up.
 * Every instance runs every job: each job claims its rows (FOR UPDATE SKIP LOCKED), so N
 * instances share the work and handle each item once (docs/decisions/017).
 */
export function createBackgroundJobs(deps: AppDeps, featureJobs: Job[] = []) {
  return createJobRunner(deps.logger, [
    // DECISIONS.md Payment hold: cancel what ended, release coupons, expire provider sessions.
    { name: "expire-holds", intervalMs: deps.config.HOLD_SWEEP_INTERVAL_MS, run: () => expireHolds(deps) },
    // Jobs a feature owns, handed in by the composition root (main.ts), since this module imports no feature.
    ...featureJobs,
    // Booking reminders (docs/decisions/023): each is recorded once, whichever instance gets there.
    { name: "reminders", intervalMs: 60_000, run: () => sendDueReminders(deps) },
    // Court alerts: a time freed by an ended hold or a cancellation is told to those waiting.
    {
      name: "court-alerts",
      intervalMs: deps.config.HOLD_SWEEP_INTERVAL_MS,
      run: () => notifyFreedSlots(deps),
    },
    // The rate limits' old windows (kernel/rate-limit.ts): the table holds about a day of counters.
    {
      name: "prune-rate-limits",
      intervalMs: 10 * 60_000,
      run: () => pruneRateLimitHits(deps.db, deps.now()),
    },
  ]);
}
