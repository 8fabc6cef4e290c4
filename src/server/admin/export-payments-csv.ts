import { and, asc, gte, inArray, lt, sql } from "drizzle-orm";
import { csvLine, money } from "../../domain/csv-export";
import { venueNowTime, venueToday } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { payments } from "../db/schema";
import { batches, EXPORT_BATCH, type ExportRange, instantRange } from "./export-batches";

const PURPOSE_LABELS: Record<string, string> = {
  reservation: "Court or bay booking",
  event_registration: "Event registration",
  membership: "Membership",
  desk: "Booking paid at the desk",
};

/** Payments taken (completed, or since refunded in part or whole) in the range, by the time paid. */
export const paidPaymentStates = ["completed", "refunded"] as const;

export async function* paymentsCsv(db: Db, range: ExportRange): AsyncGenerator<string> {
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
