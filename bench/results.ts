// What one bench run finds: each database's figures, the parts shared by the run (the machine's
// floor, the front end, the embedded start) and the checks against the budgets. results.json is
// these, written whole.
import type { EmbeddedStartFigure } from "./embedded";
import type { FrontendFigures } from "./frontend";
import type {
  ContentionFigure,
  FloorFigure,
  HoldThroughputFigure,
  JourneyFigure,
  LatencyFigure,
  RushFigure,
} from "./load";

export type SeedSummary = {
  today: string;
  busiestDate: string;
  fill: number;
  reservations: number;
  members: number;
  events: number;
};
export type RawFloor = { concurrency: number; lookups: number; perSecond: number; p50: number; p99: number };
export type Growth = {
  abandonedHolds: number;
  futureBookings: number;
  reservations: number;
  /** The venue's closures and special days in the grown database (issue 31). */
  closures?: number;
  specialDays?: number;
  seconds: number;
};
export type Failure = { part: string; error: string };
export type DatabaseResult = {
  database: string;
  kind: "postgres" | "pglite";
  seed?: SeedSummary;
  rawFloor?: RawFloor;
  /**
   * The HTTP half of the lookup's floor: a bare node:http server answering the same GET with a body
   * of the app's size and shape (bench/bare-hold-answer.ts); no database, so measured once a run
   * (in the first database's part) and the same in each database's result.
   */
  bareAvailability?: LatencyFigure;
  /**
   * The lookup's floor served (bench/served-floor.ts): its read through the server's pool and the
   * bare answer, in one node:http process, loaded as the API is.
   */
  servedFloor?: LatencyFigure;
  /** PostgreSQL only: pgbench on the lookup's statement (the database's own floor). */
  pgbench?: { perSecond: number; latencyAverageMs: number };
  uncached: LatencyFigure[];
  cached: LatencyFigure[];
  holds?: HoldThroughputFigure;
  contention?: ContentionFigure;
  /** The median of `rushRounds` by request p99 (the budgets' rush). */
  rush?: RushFigure;
  /** Every rush in the order run; the first is the server's first. */
  rushRounds: RushFigure[];
  journey?: JourneyFigure;
  doubleBookings?: number;
  growth?: Growth;
  history?: { reservations: number; seconds: number };
  /** Issue 33: each report's query on the grown database (bench/report-timings.ts), full runs only. */
  reports?: ReportFigure[];
  /** Issue 33 item 4: the year's bookings CSV streamed from the server (bench/export-stream.ts). */
  exportStream?: ExportStreamFigure;
  /** Medians of `GROWTH_WINDOWS` windows, alternating with the twin's. */
  uncachedWithGrowth: LatencyFigure[];
  rawFloorWithGrowth?: RawFloor;
  /**
   * The same windows on the twin: the seeded database itself, as it was when the grown copy was
   * taken (decision 042); the same figures as the 16-connection `uncached` ones and `rawFloor`.
   */
  uncachedTwin: LatencyFigure[];
  rawFloorTwin?: RawFloor;
  failures: Failure[];
};
export type ReportFigure = {
  label: string;
  runs: number;
  p50: number;
  p99: number;
  /** Printed beside the budget, not held to it (the first report with no day stored). */
  info?: boolean;
};
export type ExportStreamFigure = {
  from: string;
  to: string;
  rows: number;
  megabytes: number;
  seconds: number;
  rowsPerSecond: number;
  baselineRssMb: number;
  /** The server's resident memory at its highest during the download, over what it was before. */
  rssGrowthMb: number;
  /** Why the download ended before its last row (the server ran out of heap, say); unset: complete. */
  error?: string;
};

/** A database part that could not start (no server, no database): its failure alone. */
export function failedDatabase(name: string, error: string): DatabaseResult {
  return {
    database: name,
    kind: name === "pglite" ? "pglite" : "postgres",
    uncached: [],
    cached: [],
    uncachedWithGrowth: [],
    uncachedTwin: [],
    rushRounds: [],
    failures: [{ part: "database", error }],
  };
}

/** The parts measured once per run, beside the databases'. */
export type SharedFigures = {
  /** The rush's and the contention's shapes against a bare node:http server (bench/bare-http-server.ts). */
  machineFloor: { rush?: FloorFigure; contention?: FloorFigure } | null;
  floorFailures: Failure[];
  frontend: FrontendFigures | null;
  frontendFailures: Failure[];
  embeddedStart: EmbeddedStartFigure | null;
};

/**
 * `info`: reported beside its target but not a budget (it does not fail the run). `state`: whether
 * the figure met its server just after the start or warm (bench/database-table.ts `STATE`).
 */
export type Check = {
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
  info?: boolean;
  state?: string;
};

/** A part that failed, as a row of the budgets' table. */
export const failedCheck = (figure: string, error: string): Check => ({
  figure,
  value: `FAILED: ${error.slice(0, 80)}`,
  budget: "runs",
  pass: false,
});
