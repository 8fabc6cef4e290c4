import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReminderPreference } from "../../../../contracts/notifications";
import { api } from "../../../lib/api";
import { reminderPreferenceKey } from "./get-reminder-preference";

/** PUT /api/me/reminders: turn booking reminders (email and SMS) on or off. */
export const useSetReminderPreference = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderPreference) =>
      api<ReminderPreference>("/me/reminders", { method: "PUT", body }),
    onSuccess: (data) => queryClient.setQueryData(reminderPreferenceKey, data),
  });
};
