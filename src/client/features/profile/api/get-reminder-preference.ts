import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReminderPreference } from "../../../../contracts/notifications";
import { api } from "../../../lib/api";

export const reminderPreferenceKey = ["me", "reminders"] as const;

/** GET /api/me/reminders: whether the signed-in player gets booking reminders. */
export const reminderPreferenceQuery = () =>
  queryOptions({
    queryKey: reminderPreferenceKey,
    queryFn: ({ signal }) => api<ReminderPreference>("/me/reminders", { signal }),
  });

export const useReminderPreference = () => useQuery(reminderPreferenceQuery());
