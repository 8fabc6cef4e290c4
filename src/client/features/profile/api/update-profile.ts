import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, UpdateProfileRequest } from "../../../../contracts/auth";
import { api } from "../../../lib/api";
import { emitAuthEvent } from "../../../lib/auth-events";
import { SESSION_KEY } from "../../../lib/session";
import { profileKey } from "./get-profile";

/** PATCH /api/me/profile: the new name and phone, for the profile and the session (the header's name). */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      api<{ user: CurrentUser }>("/me/profile", { method: "PATCH", body }),
    onSuccess: (data) => {
      queryClient.setQueryData(profileKey, data);
      queryClient.setQueryData(SESSION_KEY, { user: data.user });
      emitAuthEvent("USER_UPDATED");
    },
  });
};
