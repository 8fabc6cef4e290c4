import { and, asc, eq, gte, lte, ne, sql } from "drizzle-orm";
import { csvLine, money } from "../../domain/csv-export";
import type { Db } from "../db/client";
import { eventRegistrations, events } from "../db/schema";
import { atVenue, batches, EXPORT_BATCH, type ExportRange, statusLabel, yesNo } from "./export-batches";

/** Registrations (not those still in checkout) for events dated in the range. */
export async function* registrationsCsv(db: Db, range: ExportRange): AsyncGenerator<string> {
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
