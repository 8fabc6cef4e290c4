import { useQueryClient } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";
import type { BookingContext } from "../../../contracts/booking";
import { availabilityQuery } from "./api/get-availability";
import { pricingFor, startsAtNonMemberPricing } from "./screen-pricing";
import { firstSlotQuery } from "./use-slot-selection";

/**
 * Whether the screen for this person (`screenKey`) may show: once their booking context is here and
 * the slots it opens on have been asked for. The screen is the page's biggest render. An answer that
 * arrives through TanStack Query's store is rendered at once, in one task the player cannot
 * interrupt, by every component that reads it (the whole screen reads the slots); fetched first, the
 * screen renders once, with its slots, in the background in small slices (a transition), while the
 * heading stays. A failed fetch shows the screen too: its slot step says so and offers a retry.
 */
export function useFirstSlots(
  context: BookingContext | undefined,
  screenKey: string,
  memberId: string | null,
) {
  const queryClient = useQueryClient();
  // Back on the page with both in the cache, the screen shows at once.
  const [shownFor, setShownFor] = useState(() =>
    context && queryClient.getQueryData(firstSlots(context, memberId).queryKey) ? screenKey : null,
  );
  const shown = shownFor === screenKey;
  useEffect(() => {
    if (!context || shown) return;
    let current = true;
    void queryClient.prefetchQuery(firstSlots(context, memberId)).then(() => {
      if (current) startTransition(() => setShownFor(screenKey));
    });
    return () => {
      current = false;
    };
  }, [context, shown, screenKey, memberId, queryClient]);
  return context !== undefined && shown;
}

/** The request for the slots the screen opens on, at the prices it opens with. */
const firstSlots = (context: BookingContext, memberId: string | null) =>
  availabilityQuery(
    firstSlotQuery(context),
    pricingFor(context, memberId, startsAtNonMemberPricing(context)),
  );
