import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RateCardResponse } from "../../../../../contracts/rate-card";
import type { RateCard } from "../../../../../domain/rate-card";
import { api } from "../../../../lib/api";
import { rateCardKey } from "./get-rate-card";

/** PUT /api/admin/rate-card; the booking screen's times and prices are asked for again. */
export function useSaveRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: RateCard) => api<RateCardResponse>("/admin/rate-card", { method: "PUT", body: card }),
    onSuccess: (saved) => {
      queryClient.setQueryData(rateCardKey, saved);
      void queryClient.invalidateQueries({ queryKey: ["admin", "rate-card-preview"] });
      void queryClient.invalidateQueries({ queryKey: ["booking"] });
    },
  });
}
