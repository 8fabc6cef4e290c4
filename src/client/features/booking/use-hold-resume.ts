import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { HoldSummary } from "../../../contracts/booking-holds";
import { ApiError } from "../../lib/api";
import { holdQuery } from "./api/get-hold";
import { clearPendingReservation, readPendingReservation } from "./pending-reservation";
import { heldItems } from "./types";

/**
 * The payment panel comes back with its hold: after a reload or Back from the checkout page while the
 * hold still runs (the tab's pending reservation), and from the browser's page cache (`onPageShow`:
 * the Pay button is usable again).
 */
export function useHoldResume({
  enter,
  onPageShow,
}: {
  enter: (summary: HoldSummary, holdToken: string) => void;
  onPageShow: () => void;
}) {
  const queryClient = useQueryClient();
  // A reload (or Back from the checkout page) returns to the payment panel while the hold runs.
  useEffect(() => {
    const pending = readPendingReservation();
    if (!pending) return;
    let stale = false;
    queryClient
      .fetchQuery(holdQuery(pending.holdId, pending.holdToken))
      .then((summary) => {
        if (stale) return;
        const running = summary.status === "active" && Date.parse(summary.expiresAt) > Date.now();
        if (running && heldItems(summary.items).length > 0) enter(summary, pending.holdToken);
        else clearPendingReservation();
      })
      .catch((err) => {
        if (!stale && err instanceof ApiError && err.status >= 400 && err.status < 500) {
          clearPendingReservation();
        }
      });
    return () => {
      stale = true;
    };
  }, [enter, queryClient]);

  // Coming back to this page from the browser's cache: the Pay button is usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) onPageShow();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [onPageShow]);
}
