import type { PriceGridRequest, PriceGridResponse } from "../../contracts/rate-card";
import { priceGrid } from "../../domain/price-grid";
import { validateRateCard } from "../../domain/rate-card-validation";
import type { AppDeps } from "../deps";
import { loadDayHours } from "../kernel/schedule/day-hours";
import { loadRateCard, normalizeRateCard } from "../settings/rate-card";
import { loadWeekHours } from "../settings/week-hours";

/**
 * A day's prices under the current card and under a draft, side by side, with what would stop the
 * draft from being saved (issue 32: staff see the new grid before they save). Nothing is written.
 */
export async function previewRateCard(deps: AppDeps, input: PriceGridRequest): Promise<PriceGridResponse> {
  const draft = normalizeRateCard(input.card);
  const [current, hours, week] = await Promise.all([
    loadRateCard(deps.db),
    loadDayHours(deps.db, input.date),
    loadWeekHours(deps.db),
  ]);
  const grid = (card: typeof draft) => {
    const { durations, rows } = priceGrid(card, input.facilityType, input.date, hours);
    return { durations, rows };
  };
  return {
    date: input.date,
    facilityType: input.facilityType,
    open: hours !== null,
    current: grid(current),
    proposed: grid(draft),
    problems: validateRateCard(draft, week).map((p) => p.message),
  };
}
