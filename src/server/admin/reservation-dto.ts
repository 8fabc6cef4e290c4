import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { AdminReservation } from "../../contracts/admin";
import { formatTimeRange } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { courts, dartBays, payments, reservations } from "../db/schema";
import { present } from "../lib/present";

// SPEC §7 Admin reads: reservations joined with their court's or dart bay's name, mapped to the
// contract (never the raw row: the payment id stays on the server; `refundable` says what it implies).

const hhmm = (t: string) => t.slice(0, 5);

const columns = {
  row: reservations,
  courtName: courts.name,
  dartBayName: dartBays.name,
  // Issue 33: the customer's no-shows so far, by email (reservations_no_show_email_idx).
  customerNoShows: sql<number>`(select count(*)::int from reservations ns where ns.no_show_at is not null and lower(ns.customer_email) = lower(${reservations.customerEmail}))`,
  // Issue 32: the payment behind it (reservations.payment_id is text: demo rows hold other ids).
  payment: {
    amountCents: payments.amountCents,
    refundedCents: payments.refundedCents,
    provider: payments.provider,
    method: payments.method,
  },
};

type PaymentFacts = {
  amountCents: number;
  refundedCents: number;
  provider: string;
  method: string;
} | null;

type JoinedRow = {
  row: typeof reservations.$inferSelect;
  courtName: string | null;
  dartBayName: string | null;
  customerNoShows: number | null;
  payment: PaymentFacts;
};

export function toAdminReservation({
  row,
  courtName,
  dartBayName,
  customerNoShows,
  payment,
}: JoinedRow): AdminReservation {
  const status =
    row.status === "confirmed" ? "confirmed" : row.status === "cancelled" ? "cancelled" : "pending";
  return {
    id: row.id,
    date: row.date,
    facilityType: row.facilityType === "dart_bay" ? "dart_bay" : "court",
    facilityId: present(row.courtId ?? row.dartBayId),
    facilityName: courtName ?? dartBayName ?? "",
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    displayTime: formatTimeRange(hhmm(row.startTime), hhmm(row.endTime)),
    duration: row.duration,
    priceCents: row.priceCents,
    status,
    paymentStatus: row.paymentStatus === "paid" ? "paid" : "pending",
    manualPaymentStatus:
      row.manualPaymentStatus === "paid" ? "paid" : row.manualPaymentStatus === "unpaid" ? "unpaid" : null,
    isMember: row.isMember,
    isAdminCreated: row.isAdminCreated,
    isRefunded: row.isRefunded,
    isFreeMemberBooking: row.isFreeMemberBooking,
    paidOnline: Boolean(row.paymentId) && payment?.provider !== "desk",
    holdId: row.holdId,
    refundable: isRefundable(row, payment),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    notes: row.notes,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    noShowAt: row.noShowAt?.toISOString() ?? null,
    customerNoShows: Number(customerNoShows ?? 0),
    paidCents: payment?.amountCents ?? null,
    refundedCents: payment?.refundedCents ?? 0,
    paymentMethod:
      payment?.method === "cash" || payment?.method === "desk_card"
        ? payment.method
        : payment
          ? "online"
          : null,
  };
}

/**
 * SPEC §4 Refund: offered only when confirmed, not refunded, with a payment id; issue 32: and, when
 * the payment is recorded, with something of it left to give back.
 */
export function isRefundable(
  row: { status: string; isRefunded: boolean; paymentId: string | null },
  payment?: { amountCents: number; refundedCents: number } | null,
): boolean {
  const left = payment ? payment.amountCents - payment.refundedCents > 0 : true;
  return row.status === "confirmed" && !row.isRefunded && Boolean(row.paymentId) && left;
}

async function selectJoined(executor: Db | Tx, where: SQL | undefined) {
  return executor
    .select(columns)
    .from(reservations)
    .leftJoin(courts, eq(courts.id, reservations.courtId))
    .leftJoin(dartBays, eq(dartBays.id, reservations.dartBayId))
    .leftJoin(payments, sql`${payments.id}::text = ${reservations.paymentId}`)
    .where(where)
    .orderBy(asc(reservations.startTime), asc(reservations.courtId), asc(reservations.dartBayId));
}

export async function loadAdminReservation(executor: Db | Tx, id: string): Promise<AdminReservation | null> {
  const [row] = await selectJoined(executor, eq(reservations.id, id));
  return row ? toAdminReservation(row) : null;
}

/** SPEC §7 Admin reads: the day's reservations of one facility type, cancelled ones hidden. */
export async function loadDayReservations(
  executor: Db | Tx,
  date: string,
  facilityType: "court" | "dart_bay",
): Promise<AdminReservation[]> {
  const rows = await selectJoined(
    executor,
    and(
      eq(reservations.date, date),
      eq(reservations.facilityType, facilityType),
      ne(reservations.status, "cancelled"),
    ),
  );
  return rows.map(toAdminReservation);
}
