import type { HoldSummary } from "../../contracts/booking-holds";
import type { AppDeps } from "../deps";
import { loadHoldSummary } from "./hold-summary";
import { loadOwnedHold } from "./load-owned-hold";

/**
 * The hold as its owner sees it (the payment panel after a reload, /success while the webhook is on
 * its way). A hold whose time is up reads as expired even before the sweeper has run.
 */
export async function getHold(deps: AppDeps, holdId: string, token: string): Promise<HoldSummary> {
  const hold = await loadOwnedHold(deps.db, holdId, token);
  const summary = await loadHoldSummary(deps.db, hold);
  if (summary.status === "active" && hold.expiresAt <= deps.now()) return { ...summary, status: "expired" };
  return summary;
}
