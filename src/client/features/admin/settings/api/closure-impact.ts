import { useMutation } from "@tanstack/react-query";
import type { ClosureDraft, ClosureImpact } from "../../../../../contracts/venue";
import { api } from "../../../../lib/api";

/** POST /api/admin/closures/impact: what a draft would take time from (reads only; nothing is saved). */
export function useClosureImpact() {
  return useMutation({
    mutationFn: (draft: ClosureDraft) =>
      api<ClosureImpact>("/admin/closures/impact", { method: "POST", body: { draft } }),
  });
}
