import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { devLogLine } from "./dev-log-line";
import { createLogger, requestLineWriter } from "./logger";

const entry = {
  reqId: "r",
  method: "GET",
  path: "/api/holds/0f9c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6",
  route: "/api/holds/:id",
  status: 200,
  ms: 3.1,
  ip: "127.0.0.1",
};

describe("the access log's line", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("on development's console: the short line, written straight, the same as from pino's entry", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 8, 14, 5, 9), toFake: ["Date"] });
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    requestLineWriter(createLogger("info", true))(entry);
    const fromEntry = devLogLine({ level: 30, time: Date.now(), msg: "request", ...entry }, false);
    expect(written).toEqual(["14:05:09 GET /api/holds/:id 200 3.1 ms\n"]);
    expect(fromEntry).toBe(written[0]);
  });

  it("on development's console: nothing above the info level", () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    requestLineWriter(createLogger("warn", true))(entry);
    expect(write).not.toHaveBeenCalled();
  });

  it("elsewhere: pino's JSON entry with every field, as production logs it", () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    requestLineWriter(logger)(entry);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ level: 30, msg: "request", ...entry });
  });
});
