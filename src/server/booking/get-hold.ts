import type { HoldSummary } from "../../contracts/booking-holds";
import type { AppDeps } from "../deps";
import { holdSummaryOf, readHoldWithItems } from "./hold-summary";
import { ownedHold } from "./load-owned-hold";

/**
 * The hold as its owner sees it (the payment panel after a reload, /success while the webhook is on
 * its way), in one read. A hold whose time is up reads as expired even before the sweeper has run.
 */
export async function getHold(deps: AppDeps, holdId: string, token: string): Promise<HoldSummary> {
  const read = await readHoldWithItems(deps.db, holdId);
  const hold = ownedHold(read?.hold, token);
  const summary = holdSummaryOf(hold, read?.items ?? [], read?.couponCode ?? null);
  if (summary.status === "active" && hold.expiresAt <= deps.now()) return { ...summary, status: "expired" };
  return summary;
}
