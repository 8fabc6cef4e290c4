import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordRequest } from "../../../../contracts/auth";
import { api } from "../../../lib/api";

/** POST /api/me/password: a new password, given the current one (decision 015); the other sessions end. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) => api("/me/password", { body }),
  });
