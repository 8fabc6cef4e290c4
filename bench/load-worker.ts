// The load generator's own process (issue 16): started with a task in BENCH_TASK (JSON), it prints
// the one JSON line the bench reads, so the figures never include the bench's own bookkeeping, and
// a load that crashes fails its part only. Started by bench/run.ts with an IPC channel and no task
// (bench/harness.ts, keepLoadWorker), it takes the tasks one at a time as messages and answers each
// with { result } or { error }, and ends with its parent.
import { bareServer } from "./bare-hold-answer";
import {
  type AvailabilityLoad,
  measureAvailability,
  measureContention,
  measureFloor,
  measureHoldThroughput,
  measureJourney,
  measureRush,
} from "./load";
import { type MixedLoad, measureMixed } from "./mixed-load";

type Lane = { date: string; facilityType: "court" | "dart_bay" };
export type LoadTask =
  | ({ kind: "availability"; url: string } & AvailabilityLoad)
  | { kind: "holds"; url: string; lanes: Lane[]; perClient: number; firstPlayer: number }
  | { kind: "contention"; url: string; date: string; clients: number; firstPlayer: number }
  | { kind: "rush"; url: string; date: string; clients: number; firstPlayer: number; rounds: number }
  | { kind: "journey"; url: string; lanes: Lane[]; perClient: number; firstPlayer: number }
  | { kind: "floor"; url: string; clients: number; requestsPerClient: number; date: string }
  | ({ kind: "mixed"; url: string } & MixedLoad);

/**
 * Before a hold figure, the generator runs its own client code for a moment against the bare
 * answer, served inside this process: a new process's cold JIT made the first few hundred
 * requests of a figure cost it several times what they cost later, and on two shared cores that
 * was counted as the server's latency. The server under test sees none of it.
 */
async function warmGenerator(): Promise<void> {
  const server = bareServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the warm-up server has no address");
  try {
    for (let round = 0; round < 3; round++) {
      await measureFloor(`http://127.0.0.1:${address.port}`, 300, 3, "2026-01-01");
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function run(t: LoadTask): Promise<unknown> {
  switch (t.kind) {
    case "availability":
      return measureAvailability(t.url, t);
    case "holds":
      return measureHoldThroughput(t.url, t.lanes, t.perClient, t.firstPlayer);
    case "contention":
      return measureContention(t.url, t.date, t.clients, t.firstPlayer);
    case "rush": {
      // One after another on the same day, from one warm generator (each cancels its winners' holds).
      const rounds = [];
      for (let round = 0; round < t.rounds; round++) {
        rounds.push(await measureRush(t.url, t.date, t.clients, t.firstPlayer + round * t.clients));
      }
      return rounds;
    }
    case "journey":
      return measureJourney(t.url, t.lanes, t.perClient, t.firstPlayer);
    case "floor":
      return measureFloor(t.url, t.clients, t.requestsPerClient, t.date);
    case "mixed":
      return measureMixed(t.url, t);
  }
}

/** A task with its generator's warm-up before a hold figure. */
async function runTask(t: LoadTask): Promise<unknown> {
  if (t.kind !== "availability" && t.kind !== "mixed") await warmGenerator();
  return run(t);
}

if (process.env.BENCH_TASK) {
  console.log(JSON.stringify(await runTask(JSON.parse(process.env.BENCH_TASK) as LoadTask)));
} else if (process.send) {
  const send = process.send.bind(process);
  process.on("disconnect", () => process.exit(0));
  process.on("message", (t: LoadTask) => {
    runTask(t).then(
      (result) => send({ result }),
      (err: unknown) => send({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
} else {
  throw new Error("bench/load-worker.ts: no BENCH_TASK and no IPC channel");
}
