// The load generator's own process (issue 16): bench/run.ts starts one per load figure with a task
// in BENCH_TASK (JSON) and reads the one JSON line it prints, so the figures never include the
// bench's own bookkeeping, and a load that crashes fails its part only.
import {
  measureAvailability,
  measureContention,
  measureFloor,
  measureHoldThroughput,
  measureJourney,
  measureRush,
} from "./load";

type Lane = { date: string; facilityType: "court" | "dart_bay" };
export type LoadTask =
  | {
      kind: "availability";
      url: string;
      label: string;
      paths: string[];
      connections: number[];
      seconds: number;
    }
  | { kind: "holds"; url: string; lanes: Lane[]; perClient: number; firstPlayer: number }
  | { kind: "contention"; url: string; date: string; clients: number; firstPlayer: number }
  | { kind: "rush"; url: string; date: string; clients: number; firstPlayer: number }
  | { kind: "journey"; url: string; lanes: Lane[]; perClient: number; firstPlayer: number }
  | { kind: "floor"; url: string; clients: number; requestsPerClient: number; date: string };

const task = JSON.parse(process.env.BENCH_TASK ?? "{}") as LoadTask;

async function run(t: LoadTask): Promise<unknown> {
  switch (t.kind) {
    case "availability":
      return measureAvailability(t.url, t);
    case "holds":
      return measureHoldThroughput(t.url, t.lanes, t.perClient, t.firstPlayer);
    case "contention":
      return measureContention(t.url, t.date, t.clients, t.firstPlayer);
    case "rush":
      return measureRush(t.url, t.date, t.clients, t.firstPlayer);
    case "journey":
      return measureJourney(t.url, t.lanes, t.perClient, t.firstPlayer);
    case "floor":
      return measureFloor(t.url, t.clients, t.requestsPerClient, t.date);
  }
}

console.log(JSON.stringify(await run(task)));
