// The uncached server's figures of one database: availability on the hot date and rotating, holds
// per second on their own lanes, 200 clients on one slot, the rush (RUSH_ROUNDS times on one server)
// and the booking journey. The budgets are on these (bench/availability-checks.ts, booking-checks.ts).
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
  HOLDS_PER_CLIENT,
  HOT_CONNECTIONS,
  JOURNEY_CLIENTS,
  JOURNEY_PER_CLIENT,
  RUSH_CLIENTS,
  RUSH_ROUNDS,
  SECONDS,
  SIDE_SECONDS,
} from "./settings";

type Plan = {
  seed: SeedSummary;
  hot: string[];
  rotating: string[];
  contentionDate: string;
  rushDate: string;
};

export async function measureUncachedServer(
  url: string,
  r: DatabaseResult,
  { seed, hot, rotating, contentionDate, rushDate }: Plan,
) {
  const { failures } = r;
  const db = r.database;
  log(`${db}: uncached availability, hot date, ${HOT_CONNECTIONS.join("/")} connections`);
  const figures = await part(failures, "uncached availability (hot date)", () =>
    load<LatencyFigure[]>({
      kind: "availability",
      url,
      label: "hot date",
      paths: hot,
      connections: HOT_CONNECTIONS,
      seconds: SECONDS,
      sideSeconds: SIDE_SECONDS,
    }),
  );
  log(`${db}: uncached availability, rotating ${rotating.length} (date, type, duration) lookups`);
  const rotatingFigures = await part(failures, "uncached availability (rotating)", () =>
    load<LatencyFigure[]>({
      kind: "availability",
      url,
      label: "rotating",
      paths: rotating,
      connections: [16],
      seconds: SECONDS,
    }),
  );
  r.uncached = [...(figures ?? []), ...(rotatingFigures ?? [])];
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
