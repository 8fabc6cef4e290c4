import { and, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { normalizeUsPhone } from "../../domain/phone";
import { dueReminderLeads, MAX_REMINDER_LEAD_HOURS, reminderLeadMinutes } from "../../domain/reminders";
import { venueInstant, venueToday } from "../../domain/venue-time";
import type { Tx } from "../db/client";
import {
  courts,
  dartBays,
  eventRegistrations,
  events,
  reminderSends,
  reservations,
  users,
} from "../db/schema";
import type { AppDeps } from "../deps";
import { loadVenueIdentity } from "../settings/venue-settings";
import { isPhoneProven } from "../sms/phone-proof";
import { loadReminderSettings } from "./reminder-settings";
import { reminderEmail, reminderSms } from "./templates/reminder-messages";

type Kind = "reservation" | "registration";

type Candidate = {
  kind: Kind;
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  what: string;
  customerName: string;
  email: string | null;
  phone: string | null;
  wantsSms: boolean;
  userId: string | null;
  bookedAt: Date;
};

/** The booking as it is now, read under a row lock: a reminder goes only to its current state. */
async function lockCurrent(tx: Tx, c: Candidate) {
  if (c.kind === "reservation") {
    const [row] = await tx
      .select({ status: reservations.status, date: reservations.date, startTime: reservations.startTime })
      .from(reservations)
      .where(eq(reservations.id, c.id))
      .for("update");
    return row;
  }
  const [row] = await tx
    .select({ status: eventRegistrations.status, date: events.date, startTime: events.startTime })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, c.id))
    .for("update", { of: eventRegistrations });
  return row;
}

async function loadCandidates(deps: AppDeps, from: string, to: string): Promise<Candidate[]> {
  const res = await deps.db
    .select({
      id: reservations.id,
      date: reservations.date,
      startTime: reservations.startTime,
      endTime: reservations.endTime,
      courtName: courts.name,
      bayName: dartBays.name,
      customerName: reservations.customerName,
      email: reservations.customerEmail,
      phone: reservations.customerPhone,
      wantsSms: reservations.wantsSmsReminders,
      userId: reservations.userId,
      bookedAt: reservations.createdAt,
    })
    .from(reservations)
    .leftJoin(courts, eq(courts.id, reservations.courtId))
    .leftJoin(dartBays, eq(dartBays.id, reservations.dartBayId))
    .where(
      and(eq(reservations.status, "confirmed"), gte(reservations.date, from), lte(reservations.date, to)),
    );
  const regs = await deps.db
    .select({
      id: eventRegistrations.id,
      date: events.date,
      startTime: events.startTime,
      endTime: events.endTime,
      eventName: events.name,
      customerName: eventRegistrations.customerName,
      email: eventRegistrations.customerEmail,
      userId: eventRegistrations.userId,
      bookedAt: eventRegistrations.createdAt,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.status, "confirmed"), gte(events.date, from), lte(events.date, to)));
  return [
    ...res.map((r) => ({
      kind: "reservation" as const,
      ...r,
      what: r.courtName ?? r.bayName ?? "Your reservation",
    })),
    // The event registration form asks no SMS consent (SPEC §6): event reminders are email only.
    ...regs.map((r) => ({
      kind: "registration" as const,
      ...r,
      what: r.eventName,
      phone: null,
      wantsSms: false,
    })),
  ];
}

/** Players who turned reminders off in My Profile, by account and by the account's email. */
async function optedOut(deps: AppDeps, candidates: Candidate[]) {
  const ids = [...new Set(candidates.flatMap((c) => (c.userId ? [c.userId] : [])))];
  const emails = [...new Set(candidates.flatMap((c) => (c.email ? [c.email.toLowerCase()] : [])))];
  if (ids.length === 0 && emails.length === 0) return { ids: new Set<string>(), emails: new Set<string>() };
  const rows = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.remindersEnabled, false),
        or(
          ids.length > 0 ? inArray(users.id, ids) : sql`false`,
          emails.length > 0 ? inArray(sql`lower(${users.email})`, emails) : sql`false`,
        ),
      ),
    );
  return { ids: new Set(rows.map((r) => r.id)), emails: new Set(rows.map((r) => r.email.toLowerCase())) };
}

/**
 * Queues the reminders whose moment has come (ISSUE 15 item 3). Each (booking, start instant, lead)
 * is recorded in reminder_sends, whose unique key makes it once across processes and restarts; the
 * email and SMS go into their outboxes in the same transaction. The booking is re-read under a lock
 * there, so a cancelled booking gets nothing and a moved one gets its reminder at the new time (the
 * start instant is part of the key). Returns the number of bookings reminded.
 */
export async function sendDueReminders(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const settings = await loadReminderSettings(deps.db);
  const leads = reminderLeadMinutes(settings.leadHours, settings.secondLeadHours);
  const from = venueToday(now);
  const to = venueToday(new Date(now.getTime() + MAX_REMINDER_LEAD_HOURS * 3_600_000));
  const all = await loadCandidates(deps, from, to);
  const due = all
    .map((c) => {
      const startsAt = venueInstant(c.date, c.startTime.slice(0, 5));
      return {
        c,
        startsAt,
        leads: dueReminderLeads({ startsAt, bookedAt: c.bookedAt, now, leadMinutes: leads }),
      };
    })
    .filter((d) => d.leads.length > 0);
  if (due.length === 0) return 0;
  // Skip what is already recorded, so a sweep costs one query when nothing new is due.
  const sent = await deps.db
    .select({
      kind: reminderSends.bookingKind,
      id: reminderSends.bookingId,
      startsAt: reminderSends.startsAt,
      lead: reminderSends.leadMinutes,
    })
    .from(reminderSends)
    .where(
      inArray(
        reminderSends.bookingId,
        due.map((d) => d.c.id),
      ),
    );
  const sentKeys = new Set(sent.map((s) => `${s.kind}|${s.id}|${s.startsAt.getTime()}|${s.lead}`));
  const fresh = due.filter((d) =>
    d.leads.some((l) => !sentKeys.has(`${d.c.kind}|${d.c.id}|${d.startsAt.getTime()}|${l}`)),
  );
  if (fresh.length === 0) return 0;
  const off = await optedOut(
    deps,
    fresh.map((d) => d.c),
  );
  const venue = await loadVenueIdentity(deps.db, deps.config);
  let reminded = 0;
  for (const { c, startsAt, leads: dueLeads } of fresh) {
    if ((c.userId && off.ids.has(c.userId)) || (c.email && off.emails.has(c.email.toLowerCase()))) continue;
    const queued = await deps.db.transaction(async (tx) => {
      const current = await lockCurrent(tx, c);
      if (current?.status !== "confirmed") return false;
      if (current.date !== c.date || current.startTime !== c.startTime) return false; // moved: next sweep
      const inserted = await tx
        .insert(reminderSends)
        .values(
          dueLeads.map((leadMinutes) => ({ bookingKind: c.kind, bookingId: c.id, startsAt, leadMinutes })),
        )
        .onConflictDoNothing()
        .returning({ lead: reminderSends.leadMinutes });
      if (inserted.length === 0) return false;
      // Several leads due at once (the server was down) make one reminder, the nearest.
      const lead = Math.min(...inserted.map((r) => r.lead));
      const key = `reminder:${c.kind}:${c.id}:${startsAt.toISOString()}:${lead}`;
      const input = {
        venue,
        customerName: c.customerName,
        what: c.what,
        date: c.date,
        startTime: c.startTime,
        endTime: c.endTime,
        profileUrl: `${deps.config.publicUrl}/my-profile`,
      };
      if (c.email) await deps.outbox.enqueue(tx, { to: c.email, ...reminderEmail(input), dedupeKey: key });
      const phone = c.wantsSms && c.phone ? normalizeUsPhone(c.phone) : null;
      // Issue 30 item 2: only to a phone the booking's person proved with a code.
      if (phone?.ok && phone.value && c.email && (await isPhoneProven(tx, phone.value, c.email))) {
        await deps.sms.enqueue(tx, { to: phone.value, body: reminderSms(input), dedupeKey: key });
      }
      return true;
    });
    if (queued) reminded++;
  }
  if (reminded > 0) deps.logger.info({ event: "reminders.queued", count: reminded }, "reminders queued");
  return reminded;
}
