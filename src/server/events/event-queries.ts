import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { AdminEventDto, EventDto } from "../../contracts/events";
import { isEventFull, isEventType, isUpcoming } from "../../domain/events";
import type { SessionUser } from "../auth/session-user";
import type { Db, Tx } from "../db/client";
import { courts, eventRegistrations, events, eventWaitlist } from "../db/schema";

export type EventRow = typeof events.$inferSelect;

const hhmm = (t: string) => t.slice(0, 5);

/** SPEC §4 Event: participants = registrations that are confirmed AND paid (never stored). */
export const participantCount = sql<number>`(
  select count(*)::int from event_registrations r
  where r.event_id = "events"."id" and r.status = 'confirmed' and r.payment_status = 'paid'
)`.mapWith(Number);

/** DECISIONS.md: private events exist only for admins. */
export const canSeeEvent = (viewer: SessionUser | null, event: { isPrivate: boolean }) =>
  !event.isPrivate || viewer?.isAdmin === true;

/**
 * The one rule for "a registration takes a place": confirmed and paid, or pending with its payment
 * hold still running (a hold that has ended blocks nothing). Written against the table's own name,
 * so it reads the same in a query of its own and in a subquery of an events query.
 */
const registrationTakesPlace = (now: Date) => sql`(
  (event_registrations.status = 'confirmed' and event_registrations.payment_status = 'paid')
  or (event_registrations.status = 'pending'
      and event_registrations.hold_expires_at > ${now.toISOString()}::timestamptz))`;

/** A waitlist offer still open holds its place (docs/decisions/022). */
const offerHoldsPlace = (now: Date) =>
  sql`(event_waitlist.status = 'offered' and event_waitlist.offer_expires_at > ${now.toISOString()}::timestamptz)`;

/**
 * Issue 15 §1: a newcomer joins the waitlist instead of registering when the places taken (as
 * countTakenPlaces counts them) reach capacity, or when anyone is already waiting.
 */
const joinWaitlistSql = (now: Date) =>
  sql<boolean>`(
  (select count(*) from event_registrations
    where event_registrations.event_id = "events"."id" and ${registrationTakesPlace(now)})
  + (select count(*) from event_waitlist
    where event_waitlist.event_id = "events"."id" and ${offerHoldsPlace(now)})
  >= "events"."max_participants"
  or exists (select 1 from event_waitlist w where w.event_id = "events"."id" and w.status = 'waiting')
)`.mapWith(Boolean);

export function toEventDto(
  row: EventRow,
  currentParticipants: number,
  now: Date,
  joinWaitlist = false,
): EventDto {
  if (!isEventType(row.type)) throw new Error(`event ${row.id} has an unknown type ${row.type}`);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    date: row.date,
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    courts: [...row.courts].sort((a, b) => a - b),
    maxParticipants: row.maxParticipants,
    currentParticipants,
    isFull: isEventFull(currentParticipants, row.maxParticipants),
    joinWaitlist: joinWaitlist && isUpcoming(row.date, hhmm(row.endTime), now),
    memberPriceCents: row.memberPriceCents,
    nonMemberPriceCents: row.nonMemberPriceCents,
    isPrivate: row.isPrivate,
    isPartnered: row.isPartnered,
    hideParticipants: row.hideParticipants,
    skillLevels: row.skillLevels,
    photoUrl: row.photoUrl,
    status: isUpcoming(row.date, hhmm(row.endTime), now) ? "upcoming" : "completed",
  };
}

const loadEventRows = (executor: Db | Tx, where: SQL | undefined, now: Date) =>
  executor
    .select({ event: events, current: participantCount, joinWaitlist: joinWaitlistSql(now) })
    .from(events)
    .where(where)
    .orderBy(events.date, events.startTime, events.name);

/** Events with their participant counts, ordered by date and start time. */
export async function loadEventDtos(
  executor: Db | Tx,
  where: SQL | undefined,
  now: Date,
): Promise<EventDto[]> {
  const rows = await loadEventRows(executor, where, now);
  return rows.map((r) => toEventDto(r.event, r.current, now, r.joinWaitlist));
}

export async function loadEventDto(executor: Db | Tx, id: string, now: Date): Promise<EventDto | null> {
  const [dto] = await loadEventDtos(executor, eq(events.id, id), now);
  return dto ?? null;
}

/** The staff's view: as above, with the series (decision 021) and the courts' names (issue 31). */
export async function loadAdminEventDtos(
  executor: Db | Tx,
  where: SQL | undefined,
  now: Date,
): Promise<AdminEventDto[]> {
  const [rows, courtRows] = await Promise.all([
    loadEventRows(executor, where, now),
    executor
      .select({ id: courts.id, name: courts.name })
      .from(courts)
      .orderBy(asc(courts.sortOrder), asc(courts.id)),
  ]);
  return rows.map((r) => ({
    ...toEventDto(r.event, r.current, now, r.joinWaitlist),
    seriesId: r.event.seriesId,
    courtNames: courtRows.filter((c) => r.event.courts.includes(c.id)).map((c) => c.name),
  }));
}

export async function loadAdminEventDto(
  executor: Db | Tx,
  id: string,
  now: Date,
): Promise<AdminEventDto | null> {
  const [dto] = await loadAdminEventDtos(executor, eq(events.id, id), now);
  return dto ?? null;
}

/**
 * Locks the event row (SELECT … FOR UPDATE): every registration that could take a place — public,
 * admin-added, or a payment confirming — runs one at a time per event, so the count it reads is
 * the count it writes against.
 */
export async function lockEvent(tx: Tx, id: string): Promise<EventRow | null> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for("update");
  return row ?? null;
}

/**
 * Places taken: confirmed-and-paid registrations plus pending ones whose payment hold is still
 * running (a hold that has ended blocks nothing), plus waitlist offers still open (an offer holds
 * its place, docs/decisions/022). `excludeId` leaves out the registration being confirmed.
 */
export async function countTakenPlaces(
  tx: Tx,
  eventId: string,
  now: Date,
  excludeId?: string,
): Promise<{ confirmed: number; held: number }> {
  const [row] = await tx
    .select({
      confirmed:
        sql<number>`count(*) filter (where ${eventRegistrations.status} = 'confirmed' and ${eventRegistrations.paymentStatus} = 'paid')`.mapWith(
          Number,
        ),
      held: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'pending')`.mapWith(Number),
    })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        registrationTakesPlace(now),
        excludeId ? ne(eventRegistrations.id, excludeId) : undefined,
      ),
    );
  const [offers] = await tx
    .select({ open: sql<number>`count(*)`.mapWith(Number) })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), offerHoldsPlace(now)));
  return { confirmed: row?.confirmed ?? 0, held: (row?.held ?? 0) + (offers?.open ?? 0) };
}

/** Whether anyone is waiting: then a freed place is theirs, and newcomers join the line. */
export async function hasWaitingEntries(tx: Tx, eventId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: eventWaitlist.id })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.status, "waiting")))
    .limit(1);
  return row !== undefined;
}
