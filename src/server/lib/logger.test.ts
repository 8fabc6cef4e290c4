import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { devLogLine } from "./dev-log-line";
import { createLogger, LOG_BATCH, requestLineWriter } from "./logger";

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

/** A node process that imports this logger (through tsx) and runs `body` with `createLogger` in scope. */
function loggerProcess(body: string) {
  const logger = fileURLToPath(new URL("./logger.ts", import.meta.url));
  const script = `const { createLogger } = await import(${JSON.stringify(logger)});\n${body}`;
  return spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function outputOf(child: ChildProcess): Promise<{ stdout: string; code: number | null }> {
  let stdout = "";
  child.stdout?.on("data", (chunk) => {
    stdout += String(chunk);
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ stdout, code })));
}

// Decision 045: production's lines are written in batches, asynchronously.
describe("production's destination", () => {
  it("a crash writes every line the buffer held", async () => {
    const child = loggerProcess(
      `const logger = createLogger("info");
       for (let i = 0; i < 5; i++) logger.info({ i }, "before the crash");
       setImmediate(() => { throw new Error("crash"); });`,
    );
    const { stdout, code } = await outputOf(child);
    expect(code).not.toBe(0);
    const lines = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { i: number });
    expect(lines.map((line) => line.i)).toEqual([0, 1, 2, 3, 4]);
  }, 20_000);

  it("a quiet server's line is written within the flush interval, not at exit", async () => {
    // stderr (a pipe: written synchronously) marks the moment the line was logged.
    const child = loggerProcess(
      `const logger = createLogger("info");
       logger.info("alone");
       process.stderr.write("logged");
       setTimeout(() => {}, 10_000);`,
    );
    const output = outputOf(child);
    const logged = new Promise<number>((resolve) =>
      child.stderr?.once("data", () => resolve(performance.now())),
    );
    const written = new Promise<number>((resolve) =>
      child.stdout?.once("data", () => resolve(performance.now())),
    );
    const delay = (await written) - (await logged);
    child.kill("SIGKILL");
    await output;
    // Without the periodic flush the lone line would wait for the buffer to fill, or the exit (10 s
    // later); the margin is for a busy machine.
    expect(delay).toBeLessThan(LOG_BATCH.flushMs + 2_800);
  }, 20_000);
});
