import type { DeskPriceResponse } from "../../contracts/desk-payments";
import { type FacilityType, isAdminDuration } from "../../domain/durations";
import { slotPrices } from "../../domain/pricing";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { loadRateCard } from "../settings/rate-card";
import { ADMIN_MESSAGES } from "./admin-messages";

/**
 * Issue 32 item 4: what the rate card asks for one facility at a time and length, the price the
 * desk form starts with (staff may change it). Read from the cached card, as the booking screen is.
 */
export async function getDeskPrice(
  deps: AppDeps,
  query: { facilityType: FacilityType; date: string; startTime: string; duration: string },
): Promise<DeskPriceResponse> {
  const duration = Number(query.duration);
  if (!isAdminDuration(query.facilityType, duration))
    throw new AppError("VALIDATION", ADMIN_MESSAGES.duration);
  const card = await loadRateCard(deps.db);
  return slotPrices(card, query.facilityType, query.date, query.startTime.slice(0, 5), duration);
}
