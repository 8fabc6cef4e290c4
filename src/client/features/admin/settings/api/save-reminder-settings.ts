import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReminderSettingsBody } from "../../../../../contracts/notifications";
import { api } from "../../../../lib/api";
import { reminderSettingsKey } from "./get-reminder-settings";

/** PUT /api/admin/reminder-settings. */
export const useSaveReminderSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettingsBody) =>
      api<ReminderSettingsBody>("/admin/reminder-settings", { method: "PUT", body }),
    onSuccess: (data) => queryClient.setQueryData(reminderSettingsKey, data),
  });
};
