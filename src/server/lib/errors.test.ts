import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "./errors";

describe("AppError", () => {
  it("answers a player without capturing a stack, and leaves the process's stack depth as it was", () => {
    const before = Error.stackTraceLimit;
    const refusal = new AppError("SLOT_TAKEN", "This time was just booked by someone else.", {
      startTime: "18:00",
    });
    expect(refusal.status).toBe(409);
    expect(refusal.stack ?? "").not.toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error("ordinary").stack).toMatch(/\n\s+at /);
  });

  it("keeps the stack of a fault (5xx) for the log", () => {
    const fault = new AppError("INTERNAL", "Something went wrong.");
    expect(fault.status).toBe(500);
    expect(fault.stack).toMatch(/\n\s+at /);
    expect(isAppError(fault)).toBe(true);
  });
});
