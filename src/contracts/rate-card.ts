import { z } from "zod";
import type { RateCard } from "../domain/rate-card";
import { calendarDate } from "./common";

// Issue 32 item 1: the rate card staff edit in /admin/settings/prices (shape: src/domain/rate-card.ts).
// The rules a card must meet beyond its shape (no overlap, no gap inside opening hours, prices
// between $0 and $10,000 an hour) are checked by src/domain/rate-card-validation.ts on the server.

const bandTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Times are HH:MM between 00:00 and 24:00");
const cents = z.number().int("Prices are whole cents");

export const priceBandSchema = z.object({
  from: bandTime,
  to: bandTime,
  memberCentsPerHour: cents,
  nonMemberCentsPerHour: cents,
});

export const specialPriceSchema = z.object({
  label: z.string().max(80),
  fromDate: calendarDate(),
  toDate: calendarDate(),
  bands: z.array(priceBandSchema).max(48),
});

export const facilityRatesSchema = z.object({
  durations: z.array(z.number().int()).max(16),
  defaultDuration: z.number().int(),
  weekday: z.array(priceBandSchema).max(48),
  weekend: z.array(priceBandSchema).max(48),
  weekdayWholeBandBefore: z.record(z.string().regex(/^\d{1,3}$/), z.string()),
  specials: z.array(specialPriceSchema).max(50),
});

export const rateCardSchema = z
  .object({ court: facilityRatesSchema, dart_bay: facilityRatesSchema })
  .meta({ id: "RateCard" }) satisfies z.ZodType<RateCard>;

export const rateCardResponse = z.object({
  card: rateCardSchema,
  updatedAt: z.string().nullable(),
});
export type RateCardResponse = z.infer<typeof rateCardResponse>;

/** A day's prices under the current card and a draft, side by side, before staff save the draft. */
export const priceGridRequest = z.object({
  card: rateCardSchema,
  facilityType: z.enum(["court", "dart_bay"]),
  date: calendarDate(),
});
export type PriceGridRequest = z.infer<typeof priceGridRequest>;

const priceCell = z
  .object({ memberPriceCents: z.number().int(), nonMemberPriceCents: z.number().int() })
  .nullable();
export const priceGridSchema = z.object({
  durations: z.array(z.number().int()),
  /** One row per start time of the day; a cell is null when that duration would run past closing. */
  rows: z.array(z.object({ startTime: z.string(), displayTime: z.string(), cells: z.array(priceCell) })),
});
export type PriceGridDto = z.infer<typeof priceGridSchema>;

export const priceGridResponse = z.object({
  date: z.string(),
  facilityType: z.enum(["court", "dart_bay"]),
  /** False when the venue is closed that day (both grids are then empty). */
  open: z.boolean(),
  current: priceGridSchema,
  proposed: priceGridSchema,
  /** What would stop the draft from being saved, in words; empty when it may be saved. */
  problems: z.array(z.string()),
});
export type PriceGridResponse = z.infer<typeof priceGridResponse>;
