import { and, eq, inArray, like, or } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  couponCodes,
  eventRegistrations,
  events,
  payments,
  reservations,
  testBillingCards,
  users,
} from "../db/schema";
import { DEMO_USERS } from "./seed";

// The invented venue's demo data (seed.ts) must never serve real guests: a production start
// refuses while its accounts exist (published passwords), and `npm run db:remove-demo` deletes
// them with everything the seed made. Courts, bays and hours stay: a venue needs them anyway.

export const DEMO_EMAILS: readonly string[] = DEMO_USERS.map((u) => u.email);

const DEMO_EVENT_NAMES = [
  "Tuesday Night Open Play",
  "Beginner Pickleball Clinic",
  "Thursday Night League",
  "Wine & Darts Social",
  "King of the Court Ladder",
  "Fall Doubles Tournament",
  "Free Community Open Play",
  "Private Corporate Mixer",
  "Advanced Drills Class",
  "Monthly Mixed League",
];
const DEMO_COUPONS = ["WELCOME10", "FIVEOFF", "SUMMER25", "PAUSED15", "LAUNCH50"];

export const REMOVE_DEMO_COMMAND = "npm run db:remove-demo";

/** The demo accounts present in this database, by email. */
export async function findDemoAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, [...DEMO_EMAILS]));
  return rows.map((r) => r.email).sort();
}

export function demoDataRefusal(emails: string[]): string {
  return [
    `Refusing to start in production: the demo accounts ${emails.join(", ")} are in this database,`,
    "and their passwords are published. Remove them and the rest of the demo data with",
    `  ${REMOVE_DEMO_COMMAND}`,
    "(same DATABASE_URL), then start again. Courts, bays and opening hours are kept.",
  ].join("\n");
}

export type DemoRemoval = { accounts: number; reservations: number; events: number; coupons: number };

/** Deletes the demo accounts (their sessions go with them) and the seed's bookings, events and coupons. */
export async function removeDemoData(db: Db): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    const demoUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [...DEMO_EMAILS]));
    const ids = demoUsers.map((u) => u.id);
    const byDemoUser = ids.length ? [inArray(reservations.userId, ids)] : [];
    const removedReservations = await tx
      .delete(reservations)
      .where(
        or(
          ...byDemoUser,
          inArray(reservations.customerEmail, [...DEMO_EMAILS]),
          like(reservations.paymentId, "demo\\_payment\\_%"),
          and(eq(reservations.isAdminCreated, true), eq(reservations.customerName, "Walk-in: Pat Morgan")),
        ),
      )
      .returning({ id: reservations.id });
    await tx
      .delete(eventRegistrations)
      .where(
        or(
          ...(ids.length ? [inArray(eventRegistrations.userId, ids)] : []),
          inArray(eventRegistrations.customerEmail, [...DEMO_EMAILS]),
          like(eventRegistrations.paymentId, "demo\\_event\\_payment\\_%"),
        ),
      );
    // An event is the seed's only while nobody real has registered for it.
    const demoEvents = await tx
      .select({ id: events.id })
      .from(events)
      .where(inArray(events.name, DEMO_EVENT_NAMES));
    let removedEvents = 0;
    for (const { id } of demoEvents) {
      const taken = await tx.query.eventRegistrations.findFirst({
        where: eq(eventRegistrations.eventId, id),
      });
      if (taken) continue;
      await tx.delete(events).where(eq(events.id, id));
      removedEvents++;
    }
    const removedCoupons = await tx
      .delete(couponCodes)
      .where(inArray(couponCodes.code, DEMO_COUPONS))
      .returning({ id: couponCodes.id });
    // The demo members' test-checkout customers: their seeded payment and any stand-in card.
    await tx.delete(payments).where(like(payments.providerCustomerId, "cus\\_test\\_demo\\_%"));
    await tx.delete(testBillingCards).where(like(testBillingCards.customerId, "cus\\_test\\_demo\\_%"));
    if (ids.length) await tx.delete(users).where(inArray(users.id, ids));
    return {
      accounts: ids.length,
      reservations: removedReservations.length,
      events: removedEvents,
      coupons: removedCoupons.length,
    };
  });
}
