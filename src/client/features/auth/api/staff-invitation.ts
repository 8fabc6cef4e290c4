import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { AcceptInvitationRequest, InvitationLookupResponse } from "../../../../contracts/staff";
import { api } from "../../../lib/api";

/** POST /api/staff-invitations/lookup: whom and what role the emailed link is for. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ["staff-invitation", token],
    queryFn: () =>
      api<InvitationLookupResponse>("/staff-invitations/lookup", { method: "POST", body: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useInvitation = (token: string) =>
  useQuery({ ...invitationQuery(token), enabled: token !== "" });

/** POST /api/staff-invitations/accept: the name and password; the account is made with the role. */
export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (body: AcceptInvitationRequest) =>
      api<{ email: string }>("/staff-invitations/accept", { method: "POST", body }),
  });
