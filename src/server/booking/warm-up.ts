import { FACILITY_TYPES, type FacilityType } from "../../domain/durations";
import { addDaysToDate, venueToday } from "../../domain/venue-time";
import type { AppDeps } from "../deps";
import { unloggedRequests } from "../http/access-log";
import { AppError } from "../lib/errors";
import { resolveBookingParty } from "./booking-party";
import { loadHoldLimits } from "./hold-limits";
import { placeHold } from "./place-hold";
import { priceCartItems } from "./price-cart";
import type { TransactionReads } from "./shared-schedule-reads";
import { loadVenueTerms } from "./venue-terms";

// Issue 35 item 1, decision 036: the first rush after a start met the booking path cold (V8's JIT,
// the pool's connections, each PostgreSQL backend's caches, the router, the app's own caches) and
// its p99 was 1.4 s against the 1 s budget. Before the server listens, so before /api/health
// answers, it runs that path once: the availability reads of every facility type and duration over
// the app itself (in process, no socket), a hold request refused by its form, and per lane a hold
// placed, its slot filled and one more refused for it (SLOT_TAKEN, the rush's most common answer),
// in a transaction that is rolled back. Nothing is written; it is bounded by WARM_UP_MS.

export type WarmUpReport = {
  ms: number;
  /** Availability answers (200) read through the app. */
  reads: number;
  /** Holds placed inside the rolled-back transactions. */
  holds: number;
  /** SLOT_TAKEN refusals reached inside them. */
  refusals: number;
  /** Transactions run side by side (PostgreSQL: one pool connection each). */
  lanes: number;
  timedOut: boolean;
  /** Why the hold part did not run (no facilities, no payment provider), or why nothing ran. */
  skipped: string | null;
};

type Fetcher = { fetch: (request: Request) => Response | Promise<Response> };

/** Thrown to end a warm-up transaction: drizzle rolls back and rethrows it. */
class RolledBack extends Error {}

/** The shared reads a hold leaves for the requests queued behind it: a warm-up leaves none. */
const keepNothing: TransactionReads = {
  record: (_day, context) => ({ ...context, busy: [...context.busy] }),
  leave: () => undefined,
};

/** A request of the warm-up's own: neither logged nor counted in the metrics (access-log.ts). */
function warmUpRequest(deps: AppDeps, path: string, init?: RequestInit): Request {
  const request = new Request(new URL(path, deps.config.publicUrl), init);
  unloggedRequests.add(request);
  return request;
}

/**
 * Runs the warm-up for at most `budgetMs`, then answers with what it did. Work still running at the
 * bound (a statement waiting on a lock, say) goes on in the background and stops at its next step;
 * `finished` settles when it has (its transactions rolled back), never with an error.
 */
export async function warmUpBookingPath(
  deps: AppDeps,
  app: Fetcher,
  options: { budgetMs: number; lanes?: number },
): Promise<{ report: WarmUpReport; finished: Promise<void> }> {
  const started = performance.now();
  const report: WarmUpReport = {
    ms: 0,
    reads: 0,
    holds: 0,
    refusals: 0,
    lanes: 0,
    timedOut: false,
    skipped: null,
  };
  if (options.budgetMs <= 0)
    return { report: { ...report, skipped: "WARM_UP_MS=0" }, finished: Promise.resolve() };
  const deadline = started + options.budgetMs;
  const inTime = () => performance.now() < deadline;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), options.budgetMs);
  });
  const work = run(deps, app, report, inTime, options.lanes ?? deps.config.DB_POOL_SIZE).catch(
    (err: unknown) => {
      // A warm-up that fails costs the first rush its speed, never the start.
      deps.logger.warn({ err }, "booking path warm-up failed");
    },
  );
  try {
    report.timedOut = (await Promise.race([work, bound])) === "timeout";
  } finally {
    clearTimeout(timer);
  }
  report.ms = Math.round(performance.now() - started);
  return { report: { ...report }, finished: work };
}

async function run(
  deps: AppDeps,
  app: Fetcher,
  report: WarmUpReport,
  inTime: () => boolean,
  lanes: number,
): Promise<void> {
  const now = deps.now();
  const terms = await loadVenueTerms(deps.db);
  const today = venueToday(now);
  const days = [1, 2, 3].map((d) => addDaysToDate(today, d));
  // The reads, side by side (on PostgreSQL each may take a connection of the pool).
  const paths = days.flatMap((date) =>
    FACILITY_TYPES.flatMap((type) =>
      terms.card[type].durations.map((duration) => availabilityPath(type, date, duration)),
    ),
  );
  const answers = await Promise.all(
    paths.map(async (path) => {
      if (!inTime()) return null;
      const response = await app.fetch(warmUpRequest(deps, path));
      return response.status === 200 ? ((await response.json()) as { slots: AvailableSlot[] }) : null;
    }),
  );
  report.reads = answers.filter(Boolean).length;
  if (!inTime()) return;
  // The hold route's request handling up to a refusal that writes nothing (the form's terms unticked).
  const refused = await app.fetch(
    warmUpRequest(deps, "/api/booking/holds", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ facilityType: "court", date: days[0], startTime: "18:00", duration: 60 }],
        customer: { name: "Warm-up", email: "warm-up@example.invalid", termsAccepted: false },
      }),
    }),
  );
  await refused.text();
  if (!deps.payments) {
    report.skipped = "no payment provider: holds are refused before they are placed";
    return;
  }
  // One lane per (date, facility type): the shortest duration's first free slot.
  const plans: Array<{ type: FacilityType; date: string; duration: number; slot: AvailableSlot }> = [];
  for (const date of days) {
    for (const type of FACILITY_TYPES) {
      const duration = terms.card[type].durations[0];
      if (duration === undefined) continue;
      const read = answers[paths.indexOf(availabilityPath(type, date, duration))];
      const slot = read?.slots.find((s) => s.isAvailable);
      if (slot) plans.push({ type, date, duration, slot });
    }
  }
  if (plans.length === 0) {
    report.skipped = "no free slot in the next three days (no facilities, or closed)";
    return;
  }
  const limits = await loadHoldLimits(deps.db, deps.config);
  const party = await resolveBookingParty(deps.db, null, {});
  const count = Math.max(1, Math.min(lanes, plans.length));
  report.lanes = count;
  await Promise.all(
    plans.slice(0, count).map(async ({ type, date, duration, slot }, lane) => {
      if (!inTime()) return;
      const items = priceCartItems(
        [{ facilityType: type, date, startTime: slot.startTime, duration }],
        now,
        party,
        terms,
      );
      const customer = {
        name: "Warm-up",
        email: `warm-up-${lane}@example.invalid`,
        phone: null,
        notes: null,
        wantsSmsReminders: false,
      };
      const plan = {
        now,
        party,
        customer,
        items,
        couponCode: null,
        holdMinutes: terms.rules.holdMinutes,
        reads: keepNothing,
        // The same statements as a real hold's; rolled back, so no instance hears of it.
        notice: deps.schedule.noticeAtCommit("places-taken"),
        // RFC 5737's documentation range: no visitor's address.
        visitor: { ip: `192.0.2.${lane + 1}`, holdToken: null, email: customer.email, userId: null },
      };
      try {
        await deps.db.transaction(async (tx) => {
          // The first with the limits against hoarding (a visitor's own), the rest as staff's.
          for (let i = 0; i <= slot.availableFacilities && inTime(); i++) {
            try {
              await placeHold(tx, { ...plan, limits: i === 0 ? limits : null });
              report.holds++;
            } catch (err) {
              if (!(err instanceof AppError && err.code === "SLOT_TAKEN")) throw err;
              report.refusals++;
              break;
            }
          }
          throw new RolledBack();
        });
      } catch (err) {
        if (!(err instanceof RolledBack)) throw err;
      }
    }),
  );
}

type AvailableSlot = { startTime: string; isAvailable: boolean; availableFacilities: number };

const availabilityPath = (type: FacilityType, date: string, duration: number) =>
  `/api/booking/availability?facilityType=${type}&date=${date}&duration=${duration}`;
