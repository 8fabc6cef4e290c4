import { inArray } from "drizzle-orm";
import type { DeskPaidMethod } from "../../domain/desk-payments";
import type { Tx } from "../db/client";
import { payments, reservations } from "../db/schema";
import { present } from "../lib/present";

/**
 * Issue 32 item 4: money taken at the desk (cash, or a card on the desk's terminal) for one or more
 * reservations, as a completed payments row of provider "desk" with its method, which the
 * reservations point to as online ones point to their checkout's payment. Refunds of it are handed
 * back at the desk and booked in the same ledger (payments/refund-payment.ts).
 */
export async function recordDeskPayment(
  tx: Tx,
  input: { amountCents: number; method: DeskPaidMethod; reservationIds: string[]; now: Date },
): Promise<{ id: string }> {
  const [payment] = await tx
    .insert(payments)
    .values({
      provider: "desk",
      purpose: "desk",
      method: input.method,
      amountCents: input.amountCents,
      state: "completed",
      reference: input.reservationIds[0] ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: payments.id });
  const { id } = present(payment);
  await tx
    .update(reservations)
    .set({ paymentId: id, updatedAt: input.now })
    .where(inArray(reservations.id, input.reservationIds));
  return { id };
}
