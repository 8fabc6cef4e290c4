import { and, eq, ne, sql } from "drizzle-orm";
import { reservationShareCents } from "../../domain/refund-amounts";
import type { Tx } from "../db/client";
import { holds, reservations } from "../db/schema";
import type { PaymentRow } from "./payment-rows";

type ReservationRow = typeof reservations.$inferSelect;

/**
 * What this reservation paid: its price less its part of the hold's discount. The last reservation
 * of a payment to be refunded takes whatever is left, so the rounding never strands a cent
 * (src/domain/refund-amounts.ts).
 */
export async function reservationShareOfPayment(
  tx: Tx,
  payment: PaymentRow,
  row: ReservationRow,
): Promise<number> {
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.paymentId, payment.id),
        ne(reservations.id, row.id),
        eq(reservations.isRefunded, false),
      ),
    );
  const isLast = (others?.n ?? 0) === 0;
  // A court booking's payment (purpose "reservation") refers to its hold.
  const holdId = !isLast && payment.purpose === "reservation" ? payment.reference : null;
  const hold = holdId ? await tx.query.holds.findFirst({ where: eq(holds.id, holdId) }) : null;
  return reservationShareCents({
    priceCents: row.priceCents,
    subtotalCents: hold?.subtotalCents ?? 0,
    payment,
    isLast,
  });
}
