import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { venueSettings } from "../db/schema";

export type ReminderSettings = { leadHours: number | null; secondLeadHours: number | null };

/** The venue's reminder lead times; null first = the default 24 hours, null second = none. */
export async function loadReminderSettings(executor: Db | Tx): Promise<ReminderSettings> {
  const [row] = await executor
    .select({ lead: venueSettings.reminderLeadHours, second: venueSettings.reminderSecondLeadHours })
    .from(venueSettings)
    .where(eq(venueSettings.id, 1));
  return { leadHours: row?.lead ?? null, secondLeadHours: row?.second ?? null };
}

export async function saveReminderSettings(
  db: Db | Tx,
  settings: ReminderSettings,
  now: Date,
): Promise<void> {
  const values = {
    reminderLeadHours: settings.leadHours,
    reminderSecondLeadHours: settings.secondLeadHours,
    updatedAt: now,
  };
  await db
    .insert(venueSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: venueSettings.id, set: values });
}
