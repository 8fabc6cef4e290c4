import { useMutation } from "@tanstack/react-query";
import type { RestartLinkRequest, RestartLinkResponse } from "../../../../contracts/membership";
import { api } from "../../../lib/api";

/** POST /api/membership/checkout/restart-link: email the address a link that cancels its waiting signup. */
export const useSendRestartLink = () =>
  useMutation({
    mutationFn: (body: RestartLinkRequest) =>
      api<RestartLinkResponse>("/membership/checkout/restart-link", { body }),
  });
