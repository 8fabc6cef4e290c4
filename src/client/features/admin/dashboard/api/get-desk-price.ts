import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminFacilityType } from "../../../../../contracts/admin";
import type { DeskPriceResponse } from "../../../../../contracts/desk-payments";
import { api } from "../../../../lib/api";

type DeskSlot = { date: string; facilityType: AdminFacilityType; startTime: string | null; duration: number };

/** GET /api/admin/desk-price (issue 32 item 4): the rate card's price the desk form starts with. */
const deskPriceQuery = (slot: DeskSlot) => {
  const params = {
    date: slot.date,
    facilityType: slot.facilityType,
    startTime: slot.startTime ?? "",
    duration: String(slot.duration),
  };
  return queryOptions({
    queryKey: ["admin", "desk-price", params] as const,
    queryFn: ({ signal }) =>
      api<DeskPriceResponse>(`/admin/desk-price?${new URLSearchParams(params)}`, { signal }),
  });
};

/** Off until a time slot is chosen. */
export const useDeskPrice = (slot: DeskSlot) =>
  useQuery({ ...deskPriceQuery(slot), enabled: Boolean(slot.startTime) });
