import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../contracts/auth";
import { api } from "../../../lib/api";

export const profileKey = ["profile"] as const;

/** GET /api/me/profile: the signed-in person's name, phone and email (SPEC §2 My Profile). */
export const profileQuery = () =>
  queryOptions({
    queryKey: profileKey,
    queryFn: ({ signal }) => api<{ user: CurrentUser }>("/me/profile", { signal }),
  });

export const useProfile = () => useQuery(profileQuery());
