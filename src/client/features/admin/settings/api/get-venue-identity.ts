import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VenueIdentityDto } from "../../../../../contracts/venue";
import { api } from "../../../../lib/api";

export const venueIdentityKey = ["admin", "venue"] as const;

/** GET /api/admin/venue: the venue's identity as staff edit it. */
export const venueIdentityQuery = () =>
  queryOptions({
    queryKey: venueIdentityKey,
    queryFn: ({ signal }) => api<VenueIdentityDto>("/admin/venue", { signal }),
  });

export const useVenueIdentity = () => useQuery(venueIdentityQuery());
