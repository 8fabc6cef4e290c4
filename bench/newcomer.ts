// The newcomer's default under sustained load (issue 35 item 4, decision 036): `npm start`'s server
// (bench/embedded.ts starts it as a newcomer does) takes the mixed load (bench/mixed-load.ts) for
// BENCH_NEWCOMER_SECONDS (5 minutes in a full run), and its throughput is compared with production
// mode's on the same data and the same load, in a window of the same length after the same warm-up.
import { venueToday } from "../src/domain/venue-time";
import { freePort, load } from "./harness";
import { type LatencyFigure, rotatingPaths } from "./load";
import type { MixedFigure } from "./mixed-load";
import { cpuSecondsOf, startServer } from "./server";
import { NEWCOMER_SECONDS, SECONDS } from "./settings";

export const NEWCOMER_BUDGET = {
  /** The server's resident memory right after the sustained load. */
  loadedRssMb: 250,
  /** Production mode's requests/s over npm start's, same data, same load. */
  productionRatio: 1.5,
};
const CLIENTS = 8;
const WARM_SECONDS = 5;
/** The window both servers are measured in (a quarter of the sustained time, 5 to 30 s). */
export const COMPARE_SECONDS = Math.min(30, Math.max(5, Math.round(NEWCOMER_SECONDS / 4)));
/**
 * The reads window: a load figure's (`BENCH_SECONDS`, 8 s), as every other availability figure of
 * the bench. Reads are one kind of request at thousands a second (40,000 in 8 s); the mixed window
 * stays 30 s, three rounds of its 10-second payment cycle.
 */
export const READS_SECONDS = Math.min(COMPARE_SECONDS, SECONDS);

const mixed = (url: string, label: string, seconds: number, firstPlayer: number) =>
  load<MixedFigure>({
    kind: "mixed",
    url,
    label,
    seconds,
    clients: CLIENTS,
    firstPlayer,
    paymentEverySeconds: 10,
    holdEvery: 5,
  });

/** The figure of a window with the server's CPU time per request in it. */
async function measuredWindow(url: string, label: string, firstPlayer: number, pid: number | undefined) {
  const before = pid ? cpuSecondsOf(pid) : Number.NaN;
  const figure = await mixed(url, label, COMPARE_SECONDS, firstPlayer);
  const used = pid ? cpuSecondsOf(pid) - before : Number.NaN;
  if (Number.isFinite(used) && figure.requests > 0) {
    figure.cpuMsPerRequest = Math.round((used * 1000 * 100) / figure.requests) / 100;
  }
  return figure;
}

export type ReadsFigure = LatencyFigure & { cpuMsPerRequest?: number };

/**
 * Availability reads alone (16 connections over every date, type and duration, the 1 s cache on as
 * shipped): the figure issue 35 measured, where the answers' check cost npm start most.
 */
export async function measuredReads(
  url: string,
  label: string,
  pid: number | undefined,
): Promise<ReadsFigure> {
  const before = pid ? cpuSecondsOf(pid) : Number.NaN;
  const [figure] = await load<LatencyFigure[]>({
    kind: "availability",
    url,
    label,
    paths: rotatingPaths(venueToday(new Date())),
    connections: [16],
    seconds: READS_SECONDS,
    warmup: 1,
  });
  if (!figure) throw new Error("no reads figure");
  const used = pid ? cpuSecondsOf(pid) - before : Number.NaN;
  const requests = figure.rps * (READS_SECONDS + 1);
  const cpuMsPerRequest =
    Number.isFinite(used) && requests > 0 ? Math.round((used * 100_000) / requests) / 100 : undefined;
  return { ...figure, cpuMsPerRequest };
}

/** npm start's server: a warm-up, then the window compared with production mode's (quiet machine). */
export async function newcomerWindow(
  url: string,
  pid: number | undefined,
): Promise<{ measured: MixedFigure; requests: number }> {
  const warm = await mixed(url, "warm-up", WARM_SECONDS, 10_000);
  const measured = await measuredWindow(url, "npm start", 20_000, pid);
  return { measured, requests: warm.requests + measured.requests };
}

/** Seconds of the sustained load left after the warm-up and the compared window. */
export const SUSTAINED_SECONDS = Math.max(0, NEWCOMER_SECONDS - WARM_SECONDS - COMPARE_SECONDS);

/**
 * The rest of the sustained time, its requests. It measures nothing but what it leaves in the
 * server's memory, so the bench runs work beside it that measures nothing either (bench/run.ts).
 */
export async function sustainNewcomerLoad(url: string): Promise<number> {
  if (SUSTAINED_SECONDS <= 0) return 0;
  return (await mixed(url, "npm start, sustained", SUSTAINED_SECONDS, 30_000)).requests;
}

/** Production mode (`node dist/server/main.js`, NODE_ENV=production) on the folder npm start seeded. */
export async function productionOnSameData(
  dataDir: string,
): Promise<{ measured: MixedFigure; reads: ReadsFigure }> {
  const target = {
    label: "embedded (PGlite), npm start's data",
    kind: "pglite" as const,
    env: { DATABASE_URL: "", DATA_DIR: dataDir },
    drop: async () => undefined,
  };
  // On the Node that ran npm start, so the two differ by their mode alone; production's own default
  // for the answers' check, whatever the bench's environment says (a "before" run sets it for npm start).
  const server = await startServer(target, await freePort(), { CHECK_RESPONSES: "false" }, process.execPath);
  try {
    await mixed(server.url, "warm-up", WARM_SECONDS, 60_000);
    const measured = await measuredWindow(server.url, "production", 70_000, server.pid);
    return { measured, reads: await measuredReads(server.url, "production, reads", server.pid) };
  } finally {
    await server.stop();
  }
}
