import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReminderSettingsBody } from "../../../../../contracts/notifications";
import { api } from "../../../../lib/api";

export const reminderSettingsKey = ["admin", "reminder-settings"] as const;

/** GET /api/admin/reminder-settings: the reminder lead times, and whether texts really go out. */
export const reminderSettingsQuery = () =>
  queryOptions({
    queryKey: reminderSettingsKey,
    queryFn: ({ signal }) => api<ReminderSettingsBody>("/admin/reminder-settings", { signal }),
  });

export const useReminderSettings = () => useQuery(reminderSettingsQuery());
