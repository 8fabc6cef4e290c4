import { DEFAULT_REMINDER_LEAD_HOURS } from "../../domain/reminders";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { loadReminderSettings, type ReminderSettings, saveReminderSettings } from "./reminder-settings";

const label = (s: ReminderSettings) => {
  const first = s.leadHours ?? DEFAULT_REMINDER_LEAD_HOURS;
  return s.secondLeadHours === null ? `${first} h before` : `${first} h and ${s.secondLeadHours} h before`;
};

/**
 * Staff set the reminder lead times (decision 023); like every venue setting the change is audited
 * with who, before and after (issue 30 item 10). A second lead equal to the first is no second one.
 */
export async function updateReminderSettings(
  deps: AppDeps,
  actor: SessionUser,
  input: { leadHours: number; secondLeadHours: number | null },
): Promise<ReminderSettings> {
  const after: ReminderSettings = {
    leadHours: input.leadHours,
    secondLeadHours: input.secondLeadHours === input.leadHours ? null : input.secondLeadHours,
  };
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const before = await loadReminderSettings(tx);
    await saveReminderSettings(tx, after, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_reminder_settings",
      targetType: "venue_settings",
      targetId: "1",
      targetLabel: `Reminders ${label(after)}`,
      outcome: "success",
      at: now,
      details: { before, after },
    });
    return after;
  });
}
