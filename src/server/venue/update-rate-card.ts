import type { RateCardResponse } from "../../contracts/rate-card";
import type { RateCard } from "../../domain/rate-card";
import { validateRateCard } from "../../domain/rate-card-validation";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { normalizeRateCard, readRateCard, saveRateCard } from "../settings/rate-card";
import { loadWeekHours } from "../settings/week-hours";
import { changeVenueRules } from "./change-venue-rules";

/**
 * Staff save the venue's rate card (issue 32 item 1). A card that would leave an open minute
 * unpriced, price one twice, or ask less than $0 or more than $10,000 an hour is refused with the
 * first problem in words and nothing changes. The change is audited with before and after in the
 * same transaction, and every instance forgets its cached card after the commit: holds created from
 * then on are priced by the new card, while a hold already made keeps the prices it was made with.
 */
export async function updateRateCard(
  deps: AppDeps,
  actor: SessionUser,
  proposed: RateCard,
): Promise<RateCardResponse> {
  const card = normalizeRateCard(proposed);
  const saved = await changeVenueRules(deps, async (tx) => {
    const problems = validateRateCard(card, await loadWeekHours(tx));
    const first = problems[0];
    if (first) throw new AppError("VALIDATION", first.message, { problems }, { field: first.path });
    const now = deps.now();
    const before = await readRateCard(tx);
    await saveRateCard(tx, card, actor.id, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_rate_card",
      targetType: "rate_card",
      targetId: "venue",
      targetLabel: "Prices",
      outcome: "success",
      at: now,
      details: { before: before.card, after: card },
    });
    return readRateCard(tx);
  });
  return { card: saved.card, updatedAt: saved.updatedAt?.toISOString() ?? null };
}
