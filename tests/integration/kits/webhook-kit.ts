import { randomBytes } from "node:crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "../../../src/server/db/client";
import {
  couponCodes,
  emailOutbox,
  holds,
  payments,
  processedWebhookEvents,
  reservations,
} from "../../../src/server/db/schema";

// Shared by the hardening tests (not a test file itself): Stripe-format signatures, session events,
// a picture of everything a booking's webhook may touch, and a database fault to inject.

/** Stripe's `stripe-signature` header for the exact bytes of `payload`, made by the SDK's own helper. */
export function stripeSignature(payload: string, secret: string, at: Date): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
}

type PaymentLike = {
  id: string;
  reference: string | null;
  amountCents: number;
  providerSessionId: string | null;
};

/**
 * A checkout.session.* event for a reservation payment, as Stripe sends it: completed (paid) or
 * expired (unpaid), with our ids in the session's metadata.
 */
export function sessionEvent(
  payment: PaymentLike,
  type: "checkout.session.completed" | "checkout.session.expired",
  options: { eventId?: string; paymentIntent?: string; created?: Date; sessionId?: string } = {},
): string {
  const completed = type === "checkout.session.completed";
  return JSON.stringify({
    id: options.eventId ?? `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor((options.created ?? new Date()).getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: options.sessionId ?? payment.providerSessionId,
        object: "checkout.session",
        mode: "payment",
        status: completed ? "complete" : "expired",
        payment_status: completed ? "paid" : "unpaid",
        amount_total: payment.amountCents,
        currency: "usd",
        payment_intent: completed ? (options.paymentIntent ?? `pi_${randomBytes(8).toString("hex")}`) : null,
        metadata: { purpose: "reservation", holdId: payment.reference, paymentId: payment.id },
      },
    },
  });
}

/** The same JSON value, other bytes: pretty-printed, or with every object's keys in reverse order. */
export function reserialised(payload: string, how: "whitespace" | "key-order"): string {
  const value: unknown = JSON.parse(payload);
  if (how === "whitespace") return JSON.stringify(value, null, 2);
  const reverse = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(reverse);
    if (v && typeof v === "object") {
      return Object.fromEntries(
        Object.entries(v)
          .reverse()
          .map(([k, inner]) => [k, reverse(inner)]),
      );
    }
    return v;
  };
  return JSON.stringify(reverse(value));
}

/**
 * Everything a reservation webhook may change for one hold and its customer: the reservations, the
 * hold, its payment rows, the emails queued, the events recorded, the coupon's redemptions.
 * Two equal snapshots mean the request changed nothing.
 */
export async function bookingSnapshot(db: Db, holdId: string, customerEmail: string) {
  const [hold] = await db.select().from(holds).where(eq(holds.id, holdId));
  const rows = await db
    .select({
      id: reservations.id,
      status: reservations.status,
      paymentStatus: reservations.paymentStatus,
      paymentId: reservations.paymentId,
      cancelReason: reservations.cancelReason,
    })
    .from(reservations)
    .where(eq(reservations.holdId, holdId))
    .orderBy(asc(reservations.id));
  const paymentRows = await db
    .select({
      id: payments.id,
      state: payments.state,
      providerPaymentId: payments.providerPaymentId,
      refundedCents: payments.refundedCents,
      providerRefundId: payments.providerRefundId,
    })
    .from(payments)
    .where(eq(payments.reference, holdId))
    .orderBy(asc(payments.id));
  const emails = await db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, customerEmail))
    .orderBy(asc(emailOutbox.id));
  const [events] = await db.select({ n: count() }).from(processedWebhookEvents);
  const coupon = hold?.couponId
    ? (
        await db
          .select({ currentUses: couponCodes.currentUses })
          .from(couponCodes)
          .where(eq(couponCodes.id, hold.couponId))
      )[0]
    : null;
  return {
    hold: hold ? { status: hold.status } : null,
    reservations: rows,
    payments: paymentRows,
    emails: emails.map((e) => e.subject),
    processedEvents: events?.n ?? 0,
    couponUses: coupon?.currentUses ?? null,
  };
}

/**
 * A database fault: every UPDATE of `table` fails inside the database with `sqlstate` (default
 * 40001, a serialization failure — the kind of error a busy server raises now and not on the next
 * try), until the returned function removes it. Works on PGlite and PostgreSQL alike.
 */
export async function failUpdatesOf(db: Db, table: "reservations" | "payments", sqlstate = "40001") {
  if (!/^[0-9A-Z]{5}$/.test(sqlstate)) throw new Error(`Not an SQLSTATE: ${sqlstate}`);
  const name = `hardening_fail_${table}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'injected fault on ${table}' using errcode = '${sqlstate}'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before update on ${table} for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
    await db.execute(sql.raw(`drop function if exists ${name}()`));
  };
}
