import type { Logger } from "../lib/logger";

export type Job = { name: string; intervalMs: number; run: () => Promise<unknown> };

/**
 * Runs each job on its interval, one run at a time per job (a slow run is never overlapped), and
 * waits for runs in flight on stop. Errors are logged; the next tick tries again.
 */
export function createJobRunner(logger: Logger, jobs: Job[]) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();

  const tick = (job: Job) => {
    if (running.has(job.name)) return;
    const run = job
      .run()
      // A pass that ended, for whoever watches the instances at debug level (the multi-process tests).
      .then(() => logger.debug({ job: job.name }, "background job done"))
      .catch((err) => logger.error({ err, job: job.name }, "background job failed"))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  return {
    start() {
      if (timers.length > 0) return;
      for (const job of jobs) {
        const timer = setInterval(() => tick(job), job.intervalMs);
        timer.unref();
        timers.push(timer);
        tick(job);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
