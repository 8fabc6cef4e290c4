// The load the bench puts on a running server. Runs inside bench/load-worker.ts, a process of its
// own, so the load generator never shares an event loop with the bench's bookkeeping.
import autocannon from "autocannon";
import { addDaysToDate } from "../src/domain/venue-time";
import { type HttpAnswer, PlayerConnection } from "./http-client";

export type LatencyFigure = {
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export function availabilityPath(date: string, facilityType = "court", duration = 90): string {
  return `/api/booking/availability?facilityType=${facilityType}&date=${date}&duration=${duration}`;
}

/**
 * The lookups a day of real visitors makes: every bookable date, both facility types and every
 * public duration, in a fixed shuffled order, so no single (type, date) read is the only one warm.
 */
export function rotatingPaths(today: string, days = 10): string[] {
  const paths: string[] = [];
  for (let d = 0; d <= days; d++) {
    const date = addDaysToDate(today, d);
    for (const duration of [60, 90, 120, 150, 180]) paths.push(availabilityPath(date, "court", duration));
    for (const duration of [30, 60, 90, 120]) paths.push(availabilityPath(date, "dart_bay", duration));
  }
  // A fixed permutation (stride coprime with the length) spreads dates and types apart.
  const stride = 37;
  return paths.map((_, i) => paths[(i * stride) % paths.length] ?? paths[0] ?? "");
}

export type AvailabilityLoad = {
  label: string;
  paths: string[];
  connections: number[];
  seconds: number;
  /** Seconds for the connection counts other than 16 (the rows beside the budgets'); default `seconds`. */
  sideSeconds?: number;
  warmup?: number;
};

/** Availability requests/s and latency p50/p99 (autocannon), on one path or rotating over many. */
export async function measureAvailability(
  baseUrl: string,
  options: AvailabilityLoad,
): Promise<LatencyFigure[]> {
  for (const path of options.paths.slice(0, 3)) {
    const first = await fetch(baseUrl + path);
    if (first.status !== 200) throw new Error(`availability answered ${first.status}: ${await first.text()}`);
  }
  let next = 0;
  const paths = options.paths;
  const requests = [
    {
      setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[next++ % paths.length] }),
    },
  ];
  // Warm-up: JIT, the connection pool and PostgreSQL's caches.
  await autocannon({ url: baseUrl, connections: 16, duration: options.warmup ?? 2, requests });
  const figures: LatencyFigure[] = [];
  for (const connections of options.connections) {
    const duration = connections === 16 ? options.seconds : (options.sideSeconds ?? options.seconds);
    const result = await autocannon({ url: baseUrl, connections, duration, requests });
    figures.push({
      label: options.label,
      connections,
      rps: round(result.requests.average, 0),
      p50: round(result.latency.p50),
      p99: round(result.latency.p99),
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }
  return figures;
}

type Slot = { startTime: string; availableFacilities: number; isAvailable: boolean };

async function slots(baseUrl: string, date: string, facilityType: string, duration: number): Promise<Slot[]> {
  const response = await fetch(baseUrl + availabilityPath(date, facilityType, duration));
  if (response.status !== 200) throw new Error(`availability answered ${response.status}`);
  return ((await response.json()) as { slots: Slot[] }).slots;
}

/** Player n's own address, from 198.18.0.0/15 (reserved for benchmarks, RFC 2544); see server.ts TRUST_PROXY. */
export function playerAddress(n: number): string {
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

function holdBody(date: string, startTime: string, facilityType: string, duration: number, n: number) {
  return {
    items: [{ facilityType, date, startTime, duration }],
    customer: {
      name: `Bench Player ${n}`,
      email: `bench-player-${n}@example.test`,
      phone: "",
      smsConsent: false,
      notes: "",
      termsAccepted: true,
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

type HoldAnswer = {
  status: number;
  code?: string;
  details?: Record<string, unknown>;
  holdId?: string;
  holdToken?: string;
  ms: number;
};

/**
 * One hold request from player n (its own X-Forwarded-For address and email), on its own
 * connection (bench/http-client.ts: the generator's CPU is the figures' too on this machine).
 */
async function requestHold(
  connection: PlayerConnection,
  n: number,
  item: { date: string; startTime: string; facilityType: string; duration: number },
): Promise<HoldAnswer> {
  const started = performance.now();
  let response: HttpAnswer;
  try {
    response = await connection.post(
      "/api/booking/holds",
      holdBody(item.date, item.startTime, item.facilityType, item.duration, n),
      { "x-forwarded-for": playerAddress(n) },
    );
  } catch (err) {
    // A refused or reset connection is an answer the player sees too: counted, not thrown.
    const cause = (err as { code?: string }).code ?? "network error";
    return { status: 0, code: cause, ms: performance.now() - started };
  }
  const text = response.text;
  const ms = performance.now() - started;
  try {
    const body = JSON.parse(text) as {
      error?: { code?: string; details?: Record<string, unknown> };
      holdId?: string;
      holdToken?: string;
    };
    return {
      status: response.status,
      code: body.error?.code,
      details: body.error?.details,
      holdId: body.holdId,
      holdToken: body.holdToken,
      ms,
    };
  } catch {
    return { status: response.status, ms };
  }
}

/** Cancels the holds a figure made, one after another on one connection, untimed. */
async function cancelHolds(baseUrl: string, holds: Array<{ holdId?: string; holdToken?: string }>) {
  const connection = new PlayerConnection(baseUrl);
  try {
    for (const { holdId, holdToken } of holds) {
      if (!holdId || !holdToken) continue;
      const answer = await connection.post("/api/booking/holds/cancel", { holdId, holdToken });
      // The figure after this one counts on the places being free again.
      if (answer.status !== 200)
        throw new Error(`cancelling a won hold answered ${answer.status}: ${answer.text}`);
    }
  } finally {
    connection.close();
  }
}

/**
 * Runs each player with a connection of its own, all at once, and closes the connections when the
 * last player is done (a player who is done keeps its browser open while the rest still play).
 */
async function playAll<T, R>(
  baseUrl: string,
  players: T[],
  play: (player: T, connection: PlayerConnection, index: number) => Promise<R>,
): Promise<R[]> {
  const connections = players.map(() => new PlayerConnection(baseUrl));
  try {
    return await Promise.all(players.map((player, i) => play(player, connections[i] as PlayerConnection, i)));
  } finally {
    for (const connection of connections) connection.close();
  }
}

export type ContentionFigure = {
  date: string;
  startTime: string;
  clients: number;
  freeCourts: number;
  winners: number;
  cleanConflicts: number;
  /** Losers whose 409 offered another free time (details.nextFreeStartTime). */
  offeredNextTime: number;
  otherAnswers: Record<string, number>;
  serverErrors: number;
  p50: number;
  p99: number;
};

/**
 * 200 clients each try to hold the same court slot at the same moment. The slot is the one on
 * `date` with the most courts free (some courts taken, so the race is for what is left). The
 * winners' holds are cancelled afterwards, so the day is as it was for the figures after this one.
 */
export async function measureContention(baseUrl: string, date: string, clients: number, firstPlayer: number) {
  const candidates = (await slots(baseUrl, date, "court", 60)).filter((s) => s.isAvailable);
  const slot = candidates.sort((a, b) => b.availableFacilities - a.availableFacilities)[0];
  if (!slot) throw new Error(`no free court on ${date}`);
  const item = { date, startTime: slot.startTime, facilityType: "court", duration: 60 };
  const answers = await playAll(baseUrl, Array.from({ length: clients }), (_, connection, i) =>
    requestHold(connection, firstPlayer + i, item),
  );
  const otherAnswers: Record<string, number> = {};
  for (const a of answers) {
    if (a.status === 201 || (a.status === 409 && a.code === "SLOT_TAKEN")) continue;
    const key = `${a.status} ${a.code ?? ""}`.trim();
    otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
  }
  const losers = answers.filter((a) => a.status === 409 && a.code === "SLOT_TAKEN");
  await cancelHolds(baseUrl, answers);
  const figure: ContentionFigure = {
    date,
    startTime: slot.startTime,
    clients,
    freeCourts: slot.availableFacilities,
    winners: answers.filter((a) => a.status === 201).length,
    cleanConflicts: losers.length,
    offeredNextTime: losers.filter((a) => typeof a.details?.nextFreeStartTime === "string").length,
    otherAnswers,
    serverErrors: answers.filter((a) => a.status >= 500).length,
    p50: percentile(
      answers.map((a) => a.ms),
      50,
    ),
    p99: percentile(
      answers.map((a) => a.ms),
      99,
    ),
  };
  return figure;
}

export type HoldThroughputFigure = {
  clients: number;
  holds: number;
  refused: Record<string, number>;
  serverErrors: number;
  seconds: number;
  holdsPerSecond: number;
  p50: number;
  p99: number;
};

/**
 * Holds per second without collisions: each client books its own (date, facility type) lane, one
 * hold after another, on places that are free (from one availability read per lane, on the hour so
 * no two of its own holds overlap). Every hold is cancelled afterwards, untimed.
 */
export async function measureHoldThroughput(
  baseUrl: string,
  lanes: Array<{ date: string; facilityType: "court" | "dart_bay" }>,
  perClient: number,
  firstPlayer: number,
): Promise<HoldThroughputFigure> {
  const plans = await Promise.all(
    lanes.map(async (lane) => {
      const free = (await slots(baseUrl, lane.date, lane.facilityType, 60)).filter(
        (s) => s.isAvailable && s.startTime.endsWith(":00"),
      );
      const places: Array<{ date: string; startTime: string; facilityType: string; duration: number }> = [];
      for (const s of free) {
        for (let k = 0; k < s.availableFacilities; k++) {
          places.push({
            date: lane.date,
            startTime: s.startTime,
            facilityType: lane.facilityType,
            duration: 60,
          });
        }
      }
      return places.slice(0, perClient);
    }),
  );
  const refused: Record<string, number> = {};
  const times: number[] = [];
  const made: Array<{ holdId: string; holdToken: string }> = [];
  let serverErrors = 0;
  let player = firstPlayer;
  const started = performance.now();
  await playAll(baseUrl, plans, async (places, connection) => {
    for (const place of places) {
      const a = await requestHold(connection, player++, place);
      if (a.status >= 500) serverErrors++;
      if (a.status === 201 && a.holdId && a.holdToken) {
        times.push(a.ms);
        made.push({ holdId: a.holdId, holdToken: a.holdToken });
      } else {
        const key = `${a.status} ${a.code ?? ""}`.trim();
        refused[key] = (refused[key] ?? 0) + 1;
      }
    }
  });
  const seconds = (performance.now() - started) / 1000;
  await cancelHolds(baseUrl, made);
  return {
    clients: lanes.length,
    holds: made.length,
    refused,
    serverErrors,
    seconds: round(seconds),
    holdsPerSecond: round(made.length / seconds, 1),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

export type FloorFigure = {
  clients: number;
  requestsPerClient: number;
  requests: number;
  p50: number;
  p99: number;
  /** From the first request to the last answer. */
  lastMs: number;
};

/**
 * The rush's and the contention's shape against bench/bare-http-server.ts: `clients` players at
 * once, each sending `requestsPerClient` holds one after another through the same client code.
 */
export async function measureFloor(
  baseUrl: string,
  clients: number,
  requestsPerClient: number,
  date: string,
): Promise<FloorFigure> {
  const times: number[] = [];
  const opened = performance.now();
  let last = 0;
  await playAll(baseUrl, Array.from({ length: clients }), async (_, connection, i) => {
    for (const startTime of ["17:00", "18:00", "19:00"].slice(0, requestsPerClient)) {
      const a = await requestHold(connection, 2000 + i, {
        date,
        startTime,
        facilityType: "court",
        duration: 60,
      });
      if (a.status !== 409) throw new Error(`the bare server answered ${a.status} ${a.code ?? ""}`);
      times.push(a.ms);
    }
    last = Math.max(last, performance.now() - opened);
  });
  return {
    clients,
    requestsPerClient,
    requests: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    lastMs: round(last),
  };
}

export type RushFigure = {
  date: string;
  clients: number;
  /** Free places among every slot some client preferred (one hold takes one place). */
  freePlaces: number;
  winners: number;
  losers: number;
  losersOffered: number;
  serverErrors: number;
  otherAnswers: Record<string, number>;
  requests: number;
  requestP50: number;
  requestP99: number;
  /**
   * The first preference of every player, sent at the opening, and the fallbacks after a 409. The
   * first requests cannot be refused until the places they want have filled, so they wait for the
   * holds ahead of them; the split shows where the p99 comes from.
   */
  firstP50: number;
  firstP99: number;
  fallbackP50: number;
  fallbackP99: number;
  /** From the opening moment to a loser's last answer. */
  loserToldP99: number;
  loserToldMax: number;
  seconds: number;
};

/**
 * The booking rush (issue 16): the window opens on `date` and `clients` players at once each try
 * to hold one of their three preferred evening slots — courts or dart bays, 60 minutes on the hour
 * so no two preferred slots overlap — falling back to the next preference on a 409. Winners must
 * equal the free places of every preferred slot; each loser's last 409 must offer another free time.
 * The winners' holds are cancelled afterwards (as contention's are), so the next round meets the
 * day as open as this one did.
 */
export async function measureRush(baseUrl: string, date: string, clients: number, firstPlayer: number) {
  const evening = ["16:00", "17:00", "18:00", "19:00", "20:00"];
  const offered = new Map<string, number>();
  for (const facilityType of ["court", "dart_bay"] as const) {
    for (const s of await slots(baseUrl, date, facilityType, 60)) {
      if (evening.includes(s.startTime)) offered.set(`${facilityType}|${s.startTime}`, s.availableFacilities);
    }
  }
  let seed = 16_2026;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const players = Array.from({ length: clients }, (_, i) => {
    // Two players in three want a court (8 courts against 4 bays).
    const facilityType = rand() < 2 / 3 ? "court" : "dart_bay";
    const prefs = [...evening].sort(() => rand() - 0.5).slice(0, 3);
    return { n: firstPlayer + i, facilityType, prefs };
  });
  const wanted = new Set(players.flatMap((p) => p.prefs.map((t) => `${p.facilityType}|${t}`)));
  const freePlaces = [...wanted].reduce((sum, key) => sum + (offered.get(key) ?? 0), 0);

  const requestTimes: number[] = [];
  const firstTimes: number[] = [];
  const fallbackTimes: number[] = [];
  const loserTimes: number[] = [];
  const otherAnswers: Record<string, number> = {};
  const won: HoldAnswer[] = [];
  let losersOffered = 0;
  let serverErrors = 0;
  const opened = performance.now();
  await playAll(baseUrl, players, async (p, connection) => {
    let last: HoldAnswer | null = null;
    for (const startTime of p.prefs) {
      last = await requestHold(connection, p.n, {
        date,
        startTime,
        facilityType: p.facilityType,
        duration: 60,
      });
      requestTimes.push(last.ms);
      (startTime === p.prefs[0] ? firstTimes : fallbackTimes).push(last.ms);
      if (last.status >= 500) serverErrors++;
      if (last.status === 201) {
        won.push(last);
        return;
      }
      if (!(last.status === 409 && last.code === "SLOT_TAKEN")) {
        const key = `${last.status} ${last.code ?? ""}`.trim();
        otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
        return;
      }
    }
    loserTimes.push(performance.now() - opened);
    if (typeof last?.details?.nextFreeStartTime === "string") losersOffered++;
  });
  const seconds = round((performance.now() - opened) / 1000);
  await cancelHolds(baseUrl, won);
  const figure: RushFigure = {
    date,
    clients,
    freePlaces,
    winners: won.length,
    losers: loserTimes.length,
    losersOffered,
    serverErrors,
    otherAnswers,
    requests: requestTimes.length,
    requestP50: percentile(requestTimes, 50),
    requestP99: percentile(requestTimes, 99),
    firstP50: percentile(firstTimes, 50),
    firstP99: percentile(firstTimes, 99),
    fallbackP50: percentile(fallbackTimes, 50),
    fallbackP99: percentile(fallbackTimes, 99),
    loserToldP99: percentile(loserTimes, 99),
    loserToldMax: round(Math.max(0, ...loserTimes)),
    seconds,
  };
  return figure;
}

export type JourneyFigure = {
  clients: number;
  bookings: number;
  seconds: number;
  bookingsPerSecond: number;
  failures: Record<string, number>;
  serverErrors: number;
  p50: number;
  p99: number;
};

/**
 * The booking journey as the browser makes it, for guests: availability → hold with its checkout
 * session (`checkout: true`, one request since issue 35 item 2) → the test checkout's page → Pay
 * (which sends the signed webhook through the same fulfilment as Stripe) → the hold reads "paid".
 * Each client books `perClient` times on its own date and facility type.
 */
export async function measureJourney(
  baseUrl: string,
  lanes: Array<{ date: string; facilityType: "court" | "dart_bay" }>,
  perClient: number,
  firstPlayer: number,
): Promise<JourneyFigure> {
  const failures: Record<string, number> = {};
  const fail = (step: string, status: number) => {
    const key = `${step} ${status}`;
    failures[key] = (failures[key] ?? 0) + 1;
  };
  let serverErrors = 0;
  const times: number[] = [];
  let bookings = 0;
  let n = 0;

  // Each client is one browser: one kept-alive connection for its pages and API calls
  // (bench/http-client.ts), so the generator's own CPU a booking stays small beside the server's.
  async function book(
    lane: { date: string; facilityType: string },
    http: PlayerConnection,
  ): Promise<boolean> {
    const started = performance.now();
    // The shortest public duration, so a 70%-full day still has room for every client's bookings.
    const duration = lane.facilityType === "court" ? 60 : 30;
    const lookup = await http.get(availabilityPath(lane.date, lane.facilityType, duration));
    if (lookup.status !== 200) throw new Error(`availability answered ${lookup.status}`);
    const free = (JSON.parse(lookup.text) as { slots: Slot[] }).slots.find((s) => s.isAvailable);
    if (!free) {
      fail("no free slot", 0);
      return false;
    }
    const player = firstPlayer + n++;
    const hold = await http.post(
      "/api/booking/holds",
      { ...holdBody(lane.date, free.startTime, lane.facilityType, duration, player), checkout: true },
      { "x-forwarded-for": playerAddress(player) },
    );
    if (hold.status >= 500) serverErrors++;
    if (hold.status !== 201) {
      fail("hold", hold.status);
      return false;
    }
    const { holdId, holdToken, checkout } = JSON.parse(hold.text) as {
      holdId: string;
      holdToken: string;
      checkout?: { url: string } | null;
    };
    if (!checkout?.url) {
      fail("hold without its checkout", hold.status);
      return false;
    }
    const page = new URL(checkout.url, baseUrl).pathname;
    const shown = await http.get(page);
    if (shown.status !== 200) {
      fail("checkout page", shown.status);
      return false;
    }
    const paid = await http.send("POST", `${page}/pay`, null, { origin: baseUrl });
    if (paid.status >= 500) serverErrors++;
    if (paid.status !== 303) {
      fail("pay", paid.status);
      return false;
    }
    const after = await http.get(`/api/booking/holds/${holdId}`, { "x-hold-token": holdToken });
    const summary = JSON.parse(after.text) as { status?: string };
    if (summary.status !== "paid") {
      fail(`confirmed (${summary.status})`, after.status);
      return false;
    }
    times.push(performance.now() - started);
    return true;
  }

  const started = performance.now();
  await Promise.all(
    lanes.map(async (lane) => {
      const http = new PlayerConnection(baseUrl);
      try {
        for (let i = 0; i < perClient; i++) if (await book(lane, http)) bookings++;
      } finally {
        http.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    clients: lanes.length,
    bookings,
    seconds: round(seconds),
    bookingsPerSecond: round(bookings / seconds, 1),
    failures,
    serverErrors,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}
