import { rateCardSchema } from "../../contracts/rate-card";
import { FACILITY_TYPES } from "../../domain/durations";
import { DEFAULT_RATE_CARD, type FacilityRates, type RateCard } from "../../domain/rate-card";
import { minutesOf } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { rateCards } from "../db/schema";
import { cachedVenueReader } from "./venue-rules-cache";

// Issue 32 item 1: the venue's rate card, one row per facility type (seeded by migration 0014 with
// the spec's §9 tables). Pricing reads it through the venue rules' cache (`loadRateCard`), never a
// table per slot; the schedule-change module makes every instance read it again after a change.

const byStart = (rates: FacilityRates): FacilityRates => {
  const sort = <T extends { from: string }>(bands: T[]) =>
    [...bands].sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
  return {
    ...rates,
    weekday: sort(rates.weekday),
    weekend: sort(rates.weekend),
    specials: rates.specials.map((s) => ({ ...s, bands: sort(s.bands) })),
  };
};

/** A card with every band list in order of its start, as pricing (src/domain/pricing.ts) expects. */
export function normalizeRateCard(card: RateCard): RateCard {
  return { court: byStart(card.court), dart_bay: byStart(card.dart_bay) };
}

/** The card as stored, uncached (inside a transaction that is about to change it). */
export async function readRateCard(executor: Db | Tx): Promise<{ card: RateCard; updatedAt: Date | null }> {
  const rows = await executor.select().from(rateCards);
  const found = new Map(rows.map((r) => [r.facilityType, r]));
  const card = { ...DEFAULT_RATE_CARD };
  let updatedAt: Date | null = null;
  for (const type of FACILITY_TYPES) {
    const row = found.get(type);
    if (!row) continue;
    card[type] = rateCardSchema.shape[type].parse(row.rates);
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { card: normalizeRateCard(card), updatedAt };
}

// The last card read per database with its text: the cache is forgotten on every schedule change
// (a cancelled booking, too), and an unchanged card keeps its object, so the day grids priced with
// it (src/domain/slots.ts, cached per card object) stay warm.
const lastCards = new WeakMap<object, { text: string; card: RateCard }>();

/** The venue's rate card, from this instance's cache of the venue's rules. */
export const loadRateCard = cachedVenueReader(async (db: Db): Promise<RateCard> => {
  const { card } = await readRateCard(db);
  const text = JSON.stringify(card);
  const last = lastCards.get(db);
  if (last?.text === text) return last.card;
  lastCards.set(db, { text, card });
  return card;
});

export async function saveRateCard(tx: Tx, card: RateCard, actorUserId: string, now: Date): Promise<void> {
  for (const type of FACILITY_TYPES) {
    const values = { rates: card[type], updatedAt: now, updatedBy: actorUserId };
    await tx
      .insert(rateCards)
      .values({ facilityType: type, ...values })
      .onConflictDoUpdate({ target: rateCards.facilityType, set: values });
  }
}
