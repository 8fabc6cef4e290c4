// The mixed load of the newcomer's default (issue 35 item 4): what a venue's visitors do all day,
// for a set time — availability reads over every date, type and duration; now and then a hold that
// is cancelled; every few seconds per client a whole paid booking (availability, hold, checkout,
// the test checkout's page, Pay). Runs in bench/load-worker.ts, a process of its own.
import { addDaysToDate, venueToday } from "../src/domain/venue-time";
import { availabilityPath, percentile, playerAddress, rotatingPaths } from "./load";

export type MixedFigure = {
  label: string;
  clients: number;
  seconds: number;
  requests: number;
  rps: number;
  holds: number;
  payments: number;
  serverErrors: number;
  failures: Record<string, number>;
  p50: number;
  p99: number;
  /** The server's CPU time per request in the window (ms), when the bench could read it. */
  cpuMsPerRequest?: number;
};

export type MixedLoad = {
  label: string;
  seconds: number;
  clients: number;
  firstPlayer: number;
  /** A paid booking per client this often (seconds). */
  paymentEverySeconds: number;
  /** A hold (then its cancel) every this many reads. */
  holdEvery: number;
};

type Slot = { startTime: string; isAvailable: boolean };

export async function measureMixed(baseUrl: string, load: MixedLoad): Promise<MixedFigure> {
  const today = venueToday(new Date());
  const paths = rotatingPaths(today);
  const times: number[] = [];
  const failures: Record<string, number> = {};
  let serverErrors = 0;
  let holds = 0;
  let payments = 0;
  let player = load.firstPlayer;
  let next = 0;
  const json = { "content-type": "application/json" };

  /** One timed request; a 5xx or a network error is counted, never thrown. */
  async function timed(step: string, url: string, init?: RequestInit): Promise<Response | null> {
    const started = performance.now();
    try {
      const response = await fetch(url, { ...init, redirect: "manual" });
      const body = await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status >= 500) serverErrors++;
      if (response.status >= 400)
        failures[`${step} ${response.status}`] = (failures[`${step} ${response.status}`] ?? 0) + 1;
      return new Response(response.status === 204 || response.status === 304 ? null : body, response);
    } catch (err) {
      const key = `${step} ${(err as { code?: string }).code ?? "network error"}`;
      failures[key] = (failures[key] ?? 0) + 1;
      return null;
    }
  }

  /** A hold on the lane's first free slot; with `pay` the rest of the paid booking, else its cancel. */
  async function book(lane: number, pay: boolean) {
    const date = addDaysToDate(today, 1 + (lane % 9));
    const facilityType = lane % 2 === 0 ? "court" : "dart_bay";
    const duration = facilityType === "court" ? 60 : 30;
    const read = await timed("availability", baseUrl + availabilityPath(date, facilityType, duration));
    if (read?.status !== 200) return;
    const free = ((await read.json()) as { slots: Slot[] }).slots.find((s) => s.isAvailable);
    if (!free) return;
    const n = player++;
    const hold = await timed("hold", `${baseUrl}/api/booking/holds`, {
      method: "POST",
      headers: { ...json, "x-forwarded-for": playerAddress(n) },
      body: JSON.stringify({
        items: [{ facilityType, date, startTime: free.startTime, duration }],
        customer: {
          name: `Newcomer Player ${n}`,
          email: `newcomer-${n}@example.test`,
          phone: "",
          smsConsent: false,
          notes: "",
          termsAccepted: true,
        },
      }),
    });
    if (hold?.status !== 201) return;
    holds++;
    const { holdId, holdToken } = (await hold.json()) as { holdId: string; holdToken: string };
    if (!pay) {
      await timed("cancel", `${baseUrl}/api/booking/holds/cancel`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ holdId, holdToken }),
      });
      return;
    }
    const checkout = await timed("checkout", `${baseUrl}/api/booking/holds/${holdId}/checkout`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ holdToken }),
    });
    if (checkout?.status !== 200) return;
    // npm start's checkout links name PUBLIC_URL (localhost); the page is asked of the same server.
    const link = new URL(((await checkout.json()) as { url: string }).url, baseUrl);
    const page = new URL(link.pathname + link.search, baseUrl);
    if ((await timed("checkout page", page.href))?.status !== 200) return;
    const paid = await timed("pay", `${page.href}/pay`, { method: "POST", headers: { origin: baseUrl } });
    if (paid?.status === 303) payments++;
  }

  const started = performance.now();
  const deadline = started + load.seconds * 1000;
  await Promise.all(
    Array.from({ length: load.clients }, async (_, client) => {
      let lastPayment = started - Math.random() * load.paymentEverySeconds * 1000;
      for (let i = 1; performance.now() < deadline; i++) {
        if (performance.now() - lastPayment >= load.paymentEverySeconds * 1000) {
          lastPayment = performance.now();
          await book(client + 2 * i, true);
        } else if (i % load.holdEvery === 0) {
          await book(client + i, false);
        } else {
          await timed("availability", baseUrl + paths[next++ % paths.length]);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    label: load.label,
    clients: load.clients,
    seconds: Math.round(seconds * 10) / 10,
    requests: times.length,
    rps: Math.round(times.length / seconds),
    holds,
    payments,
    serverErrors,
    failures,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}
