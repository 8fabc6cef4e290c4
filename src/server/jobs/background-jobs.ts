import type { AppDeps } from "../kernel/deps";
import { expireHolds } from "../kernel/schedule/expire-holds";
import { createJobRunner } from "./job-runner";

/** The server's periodic work. Availability already ignores ended holds; the sweeper tidies up. */
export function createBackgroundJobs(deps: AppDeps) {
  return createJobRunner(deps.logger, [
    // DECISIONS.md Payment hold: cancel what ended, release coupons, expire provider sessions.
    { name: "expire-holds", intervalMs: 30_000, run: () => expireHolds(deps) },
  ]);
}
