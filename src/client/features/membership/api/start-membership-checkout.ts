import { useMutation } from "@tanstack/react-query";
import type {
  CreateMembershipSessionRequest,
  MembershipSessionResponse,
} from "../../../../contracts/membership";
import { api } from "../../../lib/api";

/** POST /api/membership/checkout (SPEC §2 Membership signup): the hosted checkout to pay the plan on. */
export const useStartMembershipCheckout = () =>
  useMutation({
    mutationFn: (body: CreateMembershipSessionRequest) =>
      api<MembershipSessionResponse>("/membership/checkout", { body }),
  });
