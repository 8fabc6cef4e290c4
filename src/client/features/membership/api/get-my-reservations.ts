import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyReservationsResponse } from "../../../../contracts/membership";
import { api } from "../../../lib/api";
import { membershipKeys } from "./membership-keys";

/** GET /api/me/reservations (SPEC §2 My Reservations): the server's groups, from today on. */
const myReservationsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: membershipKeys.myReservations(userId),
    queryFn: ({ signal }) => api<MyReservationsResponse>("/me/reservations", { signal }),
  });

export const useMyReservations = (userId: string | null) => useQuery(myReservationsQuery(userId));
