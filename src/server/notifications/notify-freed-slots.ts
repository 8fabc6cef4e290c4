import { and, eq, lt, lte, or } from "drizzle-orm";
import type { FacilityType } from "../../domain/durations";
import { normalizeUsPhone } from "../../domain/phone";
import { generateSlots } from "../../domain/slots";
import { venueNowTime, venueToday } from "../../domain/venue-time";
import { courtAlerts } from "../db/schema";
import type { AppDeps } from "../deps";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { loadVenueIdentity } from "../settings/venue-settings";
import { isPhoneProven } from "../sms/phone-proof";
import { courtAlertEmail, courtAlertSms } from "./templates/court-alert-messages";

/**
 * Court alerts (ISSUE 15 item 2): ends the alerts whose time has come, then tells everyone waiting
 * for a time that has a free court or bay again (an ended hold, a cancellation, a moved booking —
 * whatever freed it, the schedule says so). All of them hear at once and the first to book gets it.
 * Each alert is claimed by a conditional update, so with several instances it is sent once.
 * Returns the number of alerts sent.
 */
export async function notifyFreedSlots(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const today = venueToday(now);
  await deps.db
    .update(courtAlerts)
    .set({ status: "expired" })
    .where(
      and(
        eq(courtAlerts.status, "active"),
        or(
          lt(courtAlerts.date, today),
          and(eq(courtAlerts.date, today), lte(courtAlerts.startTime, venueNowTime(now))),
        ),
      ),
    );
  const active = await deps.db.select().from(courtAlerts).where(eq(courtAlerts.status, "active"));
  if (active.length === 0) return 0;

  const groups = new Map<string, typeof active>();
  for (const alert of active) {
    const key = `${alert.facilityType}|${alert.date}|${alert.duration}`;
    groups.set(key, [...(groups.get(key) ?? []), alert]);
  }
  const venue = await loadVenueIdentity(deps.db, deps.config);
  let sent = 0;
  for (const alerts of groups.values()) {
    const first = alerts[0];
    if (!first) continue;
    const facilityType = first.facilityType as FacilityType;
    const context = await loadSlotContext(deps.db, facilityType, first.date, now);
    const free = new Set(
      generateSlots({
        date: first.date,
        now,
        facilityType,
        durationMinutes: first.duration,
        card: null,
        ...context,
      })
        .filter((s) => s.isAvailable)
        .map((s) => s.startTime),
    );
    for (const alert of alerts) {
      if (!free.has(alert.startTime.slice(0, 5))) continue;
      const claimed = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(courtAlerts)
          .set({ status: "notified", notifiedAt: now })
          .where(and(eq(courtAlerts.id, alert.id), eq(courtAlerts.status, "active")))
          .returning({ id: courtAlerts.id });
        if (!row) return false;
        const input = {
          venue,
          facilityType,
          date: alert.date,
          startTime: alert.startTime,
          duration: alert.duration,
          bookUrl: `${deps.config.publicUrl}/book`,
        };
        const key = `court-alert:${alert.id}`;
        await deps.outbox.enqueue(tx, { to: alert.email, ...courtAlertEmail(input), dedupeKey: key });
        const phone = alert.wantsSms && alert.phone ? normalizeUsPhone(alert.phone) : null;
        // Issue 30 item 2: only to a phone this person proved with a code.
        if (phone?.ok && phone.value && (await isPhoneProven(tx, phone.value, alert.email))) {
          await deps.sms.enqueue(tx, { to: phone.value, body: courtAlertSms(input), dedupeKey: key });
        }
        return true;
      });
      if (claimed) sent++;
    }
  }
  if (sent > 0) deps.logger.info({ event: "court_alerts.sent", count: sent }, "court alerts sent");
  return sent;
}
