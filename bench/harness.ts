// What every part of the bench uses: a free port, the progress log, the load worker, a part that
// may fail without stopping the run, servers started and stopped around a part.
import { type ChildProcess, fork } from "node:child_process";
import { createServer } from "node:net";
import { addDaysToDate } from "../src/domain/venue-time";
import type { LatencyFigure } from "./load";
import type { LoadTask } from "./load-worker";
import type { Failure, RawFloor } from "./results";
import {
  type DatabaseTarget,
  type RunningServer,
  runScript,
  serverRuntime,
  startBareServer,
  startServer,
} from "./server";
import { SECONDS } from "./settings";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Progress on stderr, so that stdout is the table alone. */
export function log(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** A step of the run and how long it took (printed at the end and kept in results.json). */
export type Stage = { name: string; seconds: number };
export const stages: Stage[] = [];

/** Runs one step of the run and records its duration (issue 35 item 5: where the minutes go). */
export async function stage<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    stages.push({ name, seconds });
    log(`${name}: ${seconds} s`);
  }
}

/**
 * One load figure, from bench/load-worker.ts in a process of its own: a new process per figure, or
 * after `keepLoadWorker()` one process kept for the figures that come one after another (a new
 * process started, loaded its modules and compiled them in 1-2 s of a quiet machine per figure; each
 * figure still warms its client code first). A figure asked while the kept worker has one running
 * gets a process of its own, so two loads never share one process's event loop.
 */
export const load = <T>(task: LoadTask): Promise<T> =>
  keptWorker && !keptWorker.busy
    ? keptWorker.run<T>(task)
    : runScript<T>("bench/load-worker.ts", { BENCH_TASK: JSON.stringify(task) });

type KeptWorker = { busy: boolean; run<T>(task: LoadTask): Promise<T>; stop(): void };
let keptWorker: KeptWorker | null = null;

/** From now on, the load figures asked one at a time share one worker process (bench/run.ts). */
export function keepLoadWorker() {
  let child: ChildProcess | null = null;
  const start = () => {
    const worker = fork("bench/load-worker.ts", [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    worker.on("exit", () => {
      if (child === worker) child = null;
    });
    return worker;
  };
  keptWorker = {
    busy: false,
    run<T>(task: LoadTask): Promise<T> {
      this.busy = true;
      const worker = child ?? start();
      child = worker;
      return new Promise<T>((resolve, reject) => {
        const done = () => {
          this.busy = false;
          worker.off("message", onMessage);
          worker.off("exit", onExit);
        };
        const onMessage = (message: { result?: T; error?: string }) => {
          done();
          if (message.error !== undefined) reject(new Error(message.error));
          else resolve(message.result as T);
        };
        const onExit = (code: number | null) => {
          done();
          reject(new Error(`bench/load-worker.ts exited with ${code}`));
        };
        worker.on("message", onMessage);
        worker.on("exit", onExit);
        worker.send(task);
      });
    },
    stop() {
      child?.kill("SIGTERM");
      child = null;
    },
  };
}

/** Ends the kept worker (the run's end). */
export function stopLoadWorker() {
  keptWorker?.stop();
  keptWorker = null;
}

/** Runs one part; a part that throws is recorded as FAILED and the bench goes on. */
export async function part<T>(
  failures: Failure[],
  name: string,
  run: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log(`FAILED ${name}: ${error}`);
    failures.push({ part: name, error });
    return undefined;
  }
}

/** (date, facility type) lanes a guest can book, away from the dates other figures use. */
export function lanes(today: string, avoid: string[], n: number) {
  const out: Array<{ date: string; facilityType: "court" | "dart_bay" }> = [];
  for (let d = 1; d <= 9 && out.length < n; d++) {
    const date = addDaysToDate(today, d);
    if (avoid.includes(date)) continue;
    out.push({ date, facilityType: "court" }, { date, facilityType: "dart_bay" });
  }
  return out.slice(0, n);
}

export async function withServer(
  target: DatabaseTarget,
  env: Record<string, string>,
  run: (s: RunningServer) => Promise<void>,
) {
  const server = await startServer(target, await freePort(), env);
  try {
    await run(server);
  } finally {
    await server.stop();
  }
}

/**
 * A bare node:http server answering the availability GET (bench/bare-hold-answer.ts), or with
 * `floor` another one (bench/served-floor.ts: the lookup's read, then that answer), loaded as the
 * API's hot-date figure is (16 connections, as long). Measured in each database's part just before
 * the API, so that the machine's drift between the two stays small.
 */
export async function bareAvailability(
  paths: string[],
  floor?: { script: string; env: Record<string, string> },
): Promise<LatencyFigure | undefined> {
  const server = await startBareServer(await freePort(), floor?.script, floor?.env);
  try {
    const [figure] = await load<LatencyFigure[]>({
      kind: "availability",
      url: server.url,
      label: "bare",
      paths,
      connections: [16],
      seconds: SECONDS,
    });
    return figure;
  } finally {
    await server.stop();
  }
}

/** The raw floor (bench/raw-floor.ts) of a database, on the servers' runtime. */
export const rawFloorOf = (on: DatabaseTarget, date: string, warmupMs = 2000) =>
  runScript<RawFloor>(
    "bench/raw-floor.ts",
    {
      ...on.env,
      BENCH_DATE: date,
      BENCH_SECONDS: String(Math.max(3, Math.round(SECONDS / 2))),
      BENCH_CONCURRENCY: "16",
      BENCH_WARMUP_MS: String(warmupMs),
    },
    serverRuntime().node,
  );
