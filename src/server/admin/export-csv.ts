import { and, asc, eq, gte, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import { csvLine, type ExportKind, money } from "../../domain/csv-export";
import { bookingReference } from "../../domain/self-service-policy";
import { addDaysToDate, venueInstant, venueNowTime, venueToday } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { courts, dartBays, eventRegistrations, events, payments, reservations, users } from "../db/schema";

// Issue 33 item 4: each export is an async generator of CSV text, read from the database in
// batches of BATCH rows by keyset (the last row's sort key), so a year of a busy venue passes
// through memory one batch at a time and the route streams each batch as it comes.

export const EXPORT_BATCH = 1000;

export type ExportRange = { from: string; to: string };

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
/** An instant as the venue's wall clock reads it: "2026-11-27 14:05". */
const atVenue = (at: Date | null) => (at ? `${venueToday(at)} ${venueNowTime(at)}` : null);
/** The instants that bound the venue dates from..to (both whole days). */
const instantRange = ({ from, to }: ExportRange) => ({
  start: venueInstant(from, "00:00"),
  end: venueInstant(addDaysToDate(to, 1), "00:00"),
});

/**
 * Reads rows in sort order, one batch at a time: `page(after)` returns the rows after the given
 * row (null: from the first), at most EXPORT_BATCH of them.
 */
async function* batches<Row>(page: (after: Row | null) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let after: Row | null = null;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1] ?? null;
  }
}

async function* bookingsCsv(db: Db, range: ExportRange): AsyncGenerator<string> {
  yield csvLine([
    "Booking reference",
    "Date",
    "Start",
    "End",
    "Minutes",
    "Court",
    "Customer",
    "Email",
    "Phone",
    "Status",
    "Booked by",
    "Member",
    "Free member booking",
    "Price ($)",
    "Paid",
    "Refunded",
    "Checked in",
    "No-show",
    "Booked at",
  ]);
  // Confirmed bookings and those cancelled after they were made; a hold that ran out or was
  // abandoned in checkout was never a booking.
  const isBooking = or(
    eq(reservations.status, "confirmed"),
    and(eq(reservations.status, "cancelled"), sql`${reservations.cancelReason} is null`),
  );
  const rows = batches((after: { id: string; date: string; startTime: string } | null) =>
    db
      .select({
        id: reservations.id,
        holdId: reservations.holdId,
        date: reservations.date,
        startTime: reservations.startTime,
        endTime: reservations.endTime,
        duration: reservations.duration,
        facilityType: reservations.facilityType,
        courtName: courts.name,
        bayName: dartBays.name,
        customerName: reservations.customerName,
        customerEmail: reservations.customerEmail,
        customerPhone: reservations.customerPhone,
        status: reservations.status,
        isAdminCreated: reservations.isAdminCreated,
        isMember: reservations.isMember,
        isFree: reservations.isFreeMemberBooking,
        priceCents: reservations.priceCents,
        paymentStatus: reservations.paymentStatus,
        manualPaymentStatus: reservations.manualPaymentStatus,
        isRefunded: reservations.isRefunded,
        checkedInAt: reservations.checkedInAt,
        noShowAt: reservations.noShowAt,
        createdAt: reservations.createdAt,
      })
      .from(reservations)
      .leftJoin(courts, eq(courts.id, reservations.courtId))
      .leftJoin(dartBays, eq(dartBays.id, reservations.dartBayId))
      .where(
        and(
          gte(reservations.date, range.from),
          lte(reservations.date, range.to),
          isBooking,
          after
            ? sql`(${reservations.date}, ${reservations.startTime}, ${reservations.id}) > (${after.date}::date, ${after.startTime}::time, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(reservations.date), asc(reservations.startTime), asc(reservations.id))
      .limit(EXPORT_BATCH),
  );
  for await (const batch of rows) {
    let text = "";
    for (const r of batch) {
      const paid = r.isAdminCreated ? r.manualPaymentStatus === "paid" : r.paymentStatus === "paid";
      text += csvLine([
        bookingReference(r.holdId ?? r.id),
        r.date,
        r.startTime.slice(0, 5),
        r.endTime.slice(0, 5),
        r.duration,
        (r.facilityType === "court" ? r.courtName : r.bayName) ?? null,
        r.customerName,
        r.customerEmail,
        r.customerPhone,
        statusLabel(r.status),
        r.isAdminCreated ? "Staff" : "Online",
        yesNo(r.isMember),
        yesNo(r.isFree),
        money(r.priceCents),
        yesNo(paid),
        yesNo(r.isRefunded),
        atVenue(r.checkedInAt),
        atVenue(r.noShowAt),
        atVenue(r.createdAt),
      ]);
    }
    yield text;
  }
}

const PURPOSE_LABELS: Record<string, string> = {
  reservation: "Court or bay booking",
  event_registration: "Event registration",
  membership: "Membership",
  desk: "Booking paid at the desk",
};

/** Payments taken (completed, or since refunded in part or whole) in the range, by the time paid. */
export const paidPaymentStates = ["completed", "refunded"] as const;

async function* paymentsCsv(db: Db, range: ExportRange): AsyncGenerator<string> {
  yield csvLine([
    "Payment ID",
    "Date",
    "Time",
    "For",
    "Email",
    "Amount paid ($)",
    "Refunded ($)",
    "Net ($)",
    "Status",
    "Coupon",
    "Discount ($)",
    "Provider",
    "Provider payment ID",
  ]);
  const { start, end } = instantRange(range);
  const rows = batches((after: { id: string; cursorAt: string } | null) =>
    db
      .select({
        id: payments.id,
        createdAt: payments.createdAt,
        cursorAt: sql<string>`${payments.createdAt}::text`,
        purpose: payments.purpose,
        checkout: payments.checkout,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        state: payments.state,
        provider: payments.provider,
        providerPaymentId: payments.providerPaymentId,
      })
      .from(payments)
      .where(
        and(
          gte(payments.createdAt, start),
          lt(payments.createdAt, end),
          inArray(payments.state, [...paidPaymentStates]),
          after
            ? sql`(${payments.createdAt}, ${payments.id}) > (${after.cursorAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(EXPORT_BATCH),
  );
  for await (const batch of rows) {
    let text = "";
    for (const p of batch) {
      text += csvLine([
        p.id,
        venueToday(p.createdAt),
        venueNowTime(p.createdAt),
        PURPOSE_LABELS[p.purpose] ?? p.purpose,
        p.checkout?.customerEmail ?? null,
        money(p.amountCents),
        money(p.refundedCents),
        money(p.amountCents - p.refundedCents),
        p.refundedCents === 0 ? "Paid" : p.refundedCents >= p.amountCents ? "Refunded" : "Partly refunded",
        p.checkout?.couponCode ?? null,
        p.checkout ? money(p.checkout.discountCents) : null,
        p.provider === "stripe" ? "Stripe" : "Test checkout",
        p.providerPaymentId,
      ]);
    }
    yield text;
  }
}

const PLAN_LABELS: Record<string, string> = { monthly: "Monthly", annual: "Annual" };

/** Accounts created in the range: members and everyone else who signed up, staff left out. */
async function* membersCsv(db: Db, range: ExportRange): AsyncGenerator<string> {
  yield csvLine([
    "Name",
    "Email",
    "Phone",
    "Member",
    "Plan",
    "Next billing",
    "Membership ends",
    "Frozen",
    "Signed up",
  ]);
  const { start, end } = instantRange(range);
  const rows = batches((after: { id: string; cursorAt: string } | null) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        name: users.name,
        email: users.email,
        phone: users.phone,
        isMember: users.isMember,
        plan: users.membershipPlan,
        nextBillingDate: users.nextBillingDate,
        cancelAt: users.cancelAt,
        isFrozen: users.isFrozen,
        createdAt: users.createdAt,
        cursorAt: sql<string>`${users.createdAt}::text`,
      })
      .from(users)
      .where(
        and(
          gte(users.createdAt, start),
          lt(users.createdAt, end),
          sql`${users.staffRole} is null`,
          after
            ? sql`(${users.createdAt}, ${users.id}) > (${after.cursorAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(EXPORT_BATCH),
  );
  for await (const batch of rows) {
    let text = "";
    for (const u of batch) {
      const name = `${u.firstName} ${u.lastName}`.trim() || u.name;
      text += csvLine([
        name,
        u.email,
        u.phone,
        yesNo(u.isMember),
        u.plan ? (PLAN_LABELS[u.plan] ?? u.plan) : null,
        u.nextBillingDate ? venueToday(u.nextBillingDate) : null,
        u.cancelAt ? venueToday(u.cancelAt) : null,
        yesNo(u.isFrozen),
        atVenue(u.createdAt),
      ]);
    }
    yield text;
  }
}

/** Registrations (not those still in checkout) for events dated in the range. */
async function* registrationsCsv(db: Db, range: ExportRange): AsyncGenerator<string> {
  yield csvLine([
    "Event",
    "Event date",
    "Start",
    "Customer",
    "Email",
    "Phone",
    "Players",
    "Skill level",
    "Member",
    "Status",
    "Price ($)",
    "Paid",
    "Refunded",
    "Checked in",
    "Registered at",
  ]);
  const rows = batches((after: { id: string; date: string; startTime: string } | null) =>
    db
      .select({
        id: eventRegistrations.id,
        eventName: events.name,
        date: events.date,
        startTime: events.startTime,
        customerName: eventRegistrations.customerName,
        customerEmail: eventRegistrations.customerEmail,
        customerPhone: eventRegistrations.customerPhone,
        playerNames: eventRegistrations.playerNames,
        skillLevel: eventRegistrations.skillLevel,
        isMember: eventRegistrations.isMember,
        status: eventRegistrations.status,
        priceCents: eventRegistrations.priceCents,
        paymentStatus: eventRegistrations.paymentStatus,
        isRefunded: eventRegistrations.isRefunded,
        checkedInAt: eventRegistrations.checkedInAt,
        createdAt: eventRegistrations.createdAt,
      })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(
        and(
          gte(events.date, range.from),
          lte(events.date, range.to),
          ne(eventRegistrations.status, "pending"),
          after
            ? sql`(${events.date}, ${events.startTime}, ${eventRegistrations.id}) > (${after.date}::date, ${after.startTime}::time, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(events.date), asc(events.startTime), asc(eventRegistrations.id))
      .limit(EXPORT_BATCH),
  );
  for await (const batch of rows) {
    let text = "";
    for (const r of batch) {
      text += csvLine([
        r.eventName,
        r.date,
        r.startTime.slice(0, 5),
        r.customerName,
        r.customerEmail,
        r.customerPhone,
        r.playerNames,
        r.skillLevel,
        yesNo(r.isMember),
        statusLabel(r.status),
        money(r.priceCents),
        yesNo(r.paymentStatus === "paid"),
        yesNo(r.isRefunded),
        atVenue(r.checkedInAt),
        atVenue(r.createdAt),
      ]);
    }
    yield text;
  }
}

const exporters: Record<ExportKind, (db: Db, range: ExportRange) => AsyncGenerator<string>> = {
  bookings: bookingsCsv,
  payments: paymentsCsv,
  members: membersCsv,
  "event-registrations": registrationsCsv,
};

/** The CSV of one export, as text chunks (the header line, then one chunk per batch). */
export function exportCsv(db: Db, kind: ExportKind, range: ExportRange): AsyncGenerator<string> {
  return exporters[kind](db, range);
}
