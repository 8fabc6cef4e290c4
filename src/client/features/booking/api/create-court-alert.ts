import { useMutation } from "@tanstack/react-query";
import type { CourtAlertResponse, CreateCourtAlertRequest } from "../../../../contracts/notifications";
import { api } from "../../../lib/api";

/** POST /api/court-alerts: be told when a court or bay frees at a full time. */
export const useCreateCourtAlert = () =>
  useMutation({
    mutationFn: (body: CreateCourtAlertRequest) => api<CourtAlertResponse>("/court-alerts", { body }),
  });
