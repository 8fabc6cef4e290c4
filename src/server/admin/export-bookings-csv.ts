import { and, asc, eq, gte, lte, or, sql } from "drizzle-orm";
import { csvLine, money } from "../../domain/csv-export";
import { bookingReference } from "../../domain/self-service-policy";
import type { Db } from "../db/client";
import { courts, dartBays, reservations } from "../db/schema";
import { atVenue, batches, EXPORT_BATCH, type ExportRange, statusLabel, yesNo } from "./export-batches";

/** Bookings dated in the range, one row per court or bay and time. */
export async function* bookingsCsv(db: Db, range: ExportRange): AsyncGenerator<string> {
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
