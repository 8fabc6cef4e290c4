import { useMutation } from "@tanstack/react-query";
import type { RestartSignupRequest, RestartSignupResponse } from "../../../../contracts/membership";
import { api } from "../../../lib/api";

/** POST /api/membership/checkout/restart: the emailed link cancels the signup waiting for payment. */
export const useRestartSignup = () =>
  useMutation({
    mutationFn: (body: RestartSignupRequest) =>
      api<RestartSignupResponse>("/membership/checkout/restart", { body }),
  });
