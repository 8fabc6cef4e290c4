// The uncached server's figures of one database: availability on the hot date and rotating, holds
// per second on their own lanes, 200 clients on one slot, the rush (RUSH_ROUNDS times on one server)
// and the booking journey. The budgets are on these (bench/availability-checks.ts, booking-checks.ts).
import { alternateAvailability } from "./growth-part";
import { lanes, load, log, part } from "./harness";
import type {
  ContentionFigure,
  HoldThroughputFigure,
  JourneyFigure,
  LatencyFigure,
  RushFigure,
} from "./load";
import type { DatabaseResult, SeedSummary } from "./results";
import {
  CONTENTION_CLIENTS,
  GROWTH_WINDOWS,
  HOLDS_PER_CLIENT,
  HOT_CONNECTIONS,
  JOURNEY_CLIENTS,
  JOURNEY_PER_CLIENT,
  RUSH_CLIENTS,
  RUSH_ROUNDS,
  SECONDS,
  SIDE_SECONDS,
} from "./settings";

export type Plan = {
  seed: SeedSummary;
  hot: string[];
  rotating: string[];
  contentionDate: string;
  rushDate: string;
};

/**
 * Uncached availability: the hot date at 1 and 64 connections (information), then the budgets' 16
 * connections on the hot date and rotating; with `grownUrl` (the grown copy's server) these are
 * `GROWTH_WINDOWS` windows alternating with the grown copy's, their medians both the budget's figure
 * and the growth rows' twin (bench/growth-part.ts), else one window of `SECONDS`.
 */
export async function measureUncachedAvailability(
  url: string,
  r: DatabaseResult,
  { hot, rotating }: Plan,
  grownUrl?: string,
) {
  const { failures } = r;
  const db = r.database;
  const side = HOT_CONNECTIONS.filter((c) => c !== 16);
  let sideFigures: LatencyFigure[] = [];
  if (side.length > 0) {
    log(`${db}: uncached availability, hot date, ${side.join(" and ")} connections (information)`);
    sideFigures =
      (await part(failures, "uncached availability (hot date, side)", () =>
        load<LatencyFigure[]>({
          kind: "availability",
          url,
          label: "hot date",
          paths: hot,
          connections: side,
          seconds: SIDE_SECONDS,
        }),
      )) ?? [];
  }
  const budgeted: LatencyFigure[] = [];
  for (const [label, paths] of [
    ["hot date", hot],
    ["rotating", rotating],
  ] as const) {
    if (grownUrl) {
      log(
        `${db}: uncached availability, ${label === "rotating" ? `rotating ${rotating.length} (date, type, duration) lookups` : "hot date"}, 16 connections, seeded and grown, ${GROWTH_WINDOWS} alternating windows each`,
      );
      const windows = await part(failures, `uncached availability (${label}), seeded and grown`, () =>
        alternateAvailability(url, grownUrl, label, paths),
      );
      if (!windows) continue;
      budgeted.push(windows.seeded);
      r.uncachedTwin.push(windows.seeded);
      r.uncachedWithGrowth.push(windows.grown);
    } else {
      log(`${db}: uncached availability, ${label}, 16 connections`);
      const [figure] =
        (await part(failures, `uncached availability (${label})`, () =>
          load<LatencyFigure[]>({
            kind: "availability",
            url,
            label,
            paths,
            connections: [16],
            seconds: SECONDS,
          }),
        )) ?? [];
      if (figure) budgeted.push(figure);
    }
  }
  r.uncached = [
    ...sideFigures.filter((f) => f.connections < 16),
    ...budgeted.filter((f) => f.label === "hot date"),
    ...sideFigures.filter((f) => f.connections > 16),
    ...budgeted.filter((f) => f.label === "rotating"),
  ];
}

/** Holds per second, contention, the rush and the journey, on the uncached server after its reads. */
export async function measureUncachedBookings(
  url: string,
  r: DatabaseResult,
  { seed, contentionDate, rushDate }: Plan,
) {
  const { failures } = r;
  const db = r.database;
  log(`${db}: holds per second, 16 clients on their own lanes (no collisions)`);
  r.holds = await part(failures, "holds/s", () =>
    load<HoldThroughputFigure>({
      kind: "holds",
      url,
      lanes: lanes(seed.today, [contentionDate, rushDate], 16),
      perClient: HOLDS_PER_CLIENT,
      firstPlayer: 1000,
    }),
  );
  log(`${db}: ${CONTENTION_CLIENTS} clients holding one court slot on ${contentionDate}`);
  r.contention = await part(failures, "contention", () =>
    load<ContentionFigure>({
      kind: "contention",
      url,
      date: contentionDate,
      clients: CONTENTION_CLIENTS,
      firstPlayer: 0,
    }),
  );
  log(
    `${db}: the rush, ${RUSH_ROUNDS} times, ${RUSH_CLIENTS} clients on ${rushDate} as its booking window opens`,
  );
  r.rushRounds =
    (await part(failures, "rush", () =>
      load<RushFigure[]>({
        kind: "rush",
        url,
        date: rushDate,
        clients: RUSH_CLIENTS,
        firstPlayer: 2000,
        rounds: RUSH_ROUNDS,
      }),
    )) ?? [];
  const byP99 = [...r.rushRounds].sort((a, b) => a.requestP99 - b.requestP99);
  r.rush = byP99[Math.floor((byP99.length - 1) / 2)];
  log(`${db}: booking journey, ${JOURNEY_CLIENTS} clients`);
  r.journey = await part(failures, "journey", () =>
    load<JourneyFigure>({
      kind: "journey",
      url,
      // The contention's one slot is no obstacle: 16 lanes on seven days with room (not the busiest).
      lanes: lanes(seed.today, [seed.busiestDate, rushDate], JOURNEY_CLIENTS),
      perClient: JOURNEY_PER_CLIENT,
      firstPlayer: 10_000,
    }),
  );
}
