// The load the bench puts on a running server, from this (separate) process over loopback.
import autocannon from "autocannon";

export type LatencyFigure = {
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

/** Availability at each connection count: requests/s and latency p50/p99 (autocannon). */
export async function measureAvailability(
  baseUrl: string,
  date: string,
  connectionCounts: number[],
  seconds: number,
): Promise<LatencyFigure[]> {
  const url = baseUrl + availabilityPath(date);
  const first = await fetch(url);
  if (first.status !== 200) throw new Error(`availability answered ${first.status}: ${await first.text()}`);
  // Warm-up: JIT, the connection pool and PostgreSQL's caches.
  await autocannon({ url, connections: 16, duration: 3 });
  const figures: LatencyFigure[] = [];
  for (const connections of connectionCounts) {
    const result = await autocannon({ url, connections, duration: seconds });
    figures.push({
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

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export type ContentionFigure = {
  date: string;
  startTime: string;
  clients: number;
  freeCourts: number;
  winners: number;
  cleanConflicts: number;
  otherAnswers: Record<string, number>;
  serverErrors: number;
  p99: number;
};

/**
 * 200 clients each try to hold the same court slot at the same moment. The slot is the one on
 * `date` with the most courts free (some courts taken, so the race is for what is left).
 */
export async function measureContention(
  baseUrl: string,
  date: string,
  clients = 200,
): Promise<ContentionFigure> {
  const candidates = (await slots(baseUrl, date, "court", 60)).filter((s) => s.isAvailable);
  const slot = candidates.sort((a, b) => b.availableFacilities - a.availableFacilities)[0];
  if (!slot) throw new Error(`no free court on ${date}`);
  const bodies = Array.from({ length: clients }, (_, i) =>
    JSON.stringify(holdBody(date, slot.startTime, "court", 60, i)),
  );
  const answers = await Promise.all(
    bodies.map(async (body, i) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/booking/holds`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": playerAddress(i) },
        body,
      });
      const text = await response.text();
      const ms = performance.now() - started;
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
      } catch {
        code = undefined;
      }
      return { status: response.status, code, ms };
    }),
  );
  const otherAnswers: Record<string, number> = {};
  for (const a of answers) {
    if (a.status === 201 || (a.status === 409 && a.code === "SLOT_TAKEN")) continue;
    const key = `${a.status} ${a.code ?? ""}`.trim();
    otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
  }
  return {
    date,
    startTime: slot.startTime,
    clients,
    freeCourts: slot.availableFacilities,
    winners: answers.filter((a) => a.status === 201).length,
    cleanConflicts: answers.filter((a) => a.status === 409 && a.code === "SLOT_TAKEN").length,
    otherAnswers,
    serverErrors: answers.filter((a) => a.status >= 500).length,
    p99: round(
      percentile(
        answers.map((a) => a.ms),
        99,
      ),
    ),
  };
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
 * The booking journey as the browser makes it, for guests: availability → hold → checkout →
 * the test checkout's Pay (which sends the signed webhook through the same fulfilment as Stripe)
 * → the hold reads "paid". Each client books `perClient` times on its own date and facility type.
 */
export async function measureJourney(
  baseUrl: string,
  lanes: Array<{ date: string; facilityType: "court" | "dart_bay" }>,
  perClient: number,
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
  const json = { "content-type": "application/json" };

  async function book(lane: { date: string; facilityType: string }): Promise<boolean> {
    const started = performance.now();
    // The shortest public duration, so a 70%-full day still has room for every client's bookings.
    const duration = lane.facilityType === "court" ? 60 : 30;
    const free = (await slots(baseUrl, lane.date, lane.facilityType, duration)).find((s) => s.isAvailable);
    if (!free) {
      fail("no free slot", 0);
      return false;
    }
    const player = 10_000 + n++;
    const hold = await fetch(`${baseUrl}/api/booking/holds`, {
      method: "POST",
      headers: { ...json, "x-forwarded-for": playerAddress(player) },
      body: JSON.stringify(holdBody(lane.date, free.startTime, lane.facilityType, duration, player)),
    });
    if (hold.status >= 500) serverErrors++;
    if (hold.status !== 201) {
      fail("hold", hold.status);
      return false;
    }
    const { holdId, holdToken } = (await hold.json()) as { holdId: string; holdToken: string };
    const checkout = await fetch(`${baseUrl}/api/booking/holds/${holdId}/checkout`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ holdToken }),
    });
    if (checkout.status >= 500) serverErrors++;
    if (checkout.status !== 200) {
      fail("checkout", checkout.status);
      return false;
    }
    const { url } = (await checkout.json()) as { url: string };
    const page = new URL(url, baseUrl);
    const shown = await fetch(page);
    await shown.text();
    if (shown.status !== 200) {
      fail("checkout page", shown.status);
      return false;
    }
    const paid = await fetch(`${page.href}/pay`, {
      method: "POST",
      headers: { origin: baseUrl },
      redirect: "manual",
    });
    await paid.text();
    if (paid.status >= 500) serverErrors++;
    if (paid.status !== 303) {
      fail("pay", paid.status);
      return false;
    }
    const after = await fetch(`${baseUrl}/api/booking/holds/${holdId}`, {
      headers: { "x-hold-token": holdToken },
    });
    const summary = (await after.json()) as { status?: string };
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
      for (let i = 0; i < perClient; i++) if (await book(lane)) bookings++;
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
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
  };
}
