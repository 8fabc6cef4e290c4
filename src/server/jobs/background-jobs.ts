import type { AppDeps } from "../kernel/deps";
import { expireHolds } from "../kernel/schedule/expire-holds";
import { createJobRunner } from "./job-runner";

/**
 * The server's periodic work. Availability already ignores ended holds; the sweeper tidies up.
 * Every instance runs every job: each job claims its rows (FOR UPDATE SKIP LOCKED), so N
 * instances share the work and handle each item once (docs/decisions/017).
 */
export function createBackgroundJobs(deps: AppDeps) {
  return createJobRunner(deps.logger, [
    // DECISIONS.md Payment hold: cancel what ended, release coupons, expire provider sessions.
    { name: "expire-holds", intervalMs: deps.config.HOLD_SWEEP_INTERVAL_MS, run: () => expireHolds(deps) },
  ]);
}
