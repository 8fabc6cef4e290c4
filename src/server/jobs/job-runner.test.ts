import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../lib/logger";
import { createJobRunner } from "./job-runner";

describe("createJobRunner", () => {
  it("runs at start and on each tick, never two runs of a job at once, and waits on stop", async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      let release: () => void = () => {};
      const runner = createJobRunner(createLogger("silent"), [
        {
          name: "slow",
          intervalMs: 1000,
          run: () => {
            runs++;
            return new Promise<void>((resolve) => {
              release = resolve;
            });
          },
        },
      ]);
      runner.start();
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(3000);
      expect(runs).toBe(1); // still running: the ticks are skipped
      release();
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
      const stopped = runner.stop();
      release();
      await stopped;
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
