import { eq } from "drizzle-orm";
import { reservations } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { checkoutOk, createHoldOk, holdBody, item, NOW } from "./booking-test-kit";
import { createTestApp, type TestApp, type TestClient, testClock } from "./harness";

// Shared by the staff-operations integration tests (not a test file itself).

export const MANAGER_PASSWORD = "front-desk-secret";
export { NOW };
/** Monday 23 Nov 2026 (the clock is Wed 18 Nov 2026, 9:00 AM venue time). */
export const DAY = "2026-11-23";

export type AdminTestbed = {
  t: TestApp;
  clock: ReturnType<typeof testClock>;
  admin: TestClient;
  adminId: string;
};

/** A fresh app with the manager password set from the environment, facilities, and a signed-in admin. */
export async function adminTestbed(env: Record<string, string> = {}): Promise<AdminTestbed> {
  const clock = testClock(NOW);
  const t = await createTestApp({ now: clock.now, env: { MANAGER_PASSWORD, ...env } });
  await t.seedFacilities();
  const user = await t.createAdmin({ firstName: "Dana" });
  const admin = await t.signIn(user.email, user.password);
  return { t, clock, admin, adminId: user.id };
}

/** A court booking paid online through the built-in test checkout; returns the reservation row. */
export async function paidOnlineReservation(
  t: TestApp,
  options: { date?: string; startTime?: string; duration?: number; email?: string } = {},
) {
  const client = t.client();
  const hold = await createHoldOk(
    client,
    holdBody({
      customer: { ...holdBody().customer, email: options.email ?? "payer@example.test" },
      items: [
        item({
          date: options.date ?? DAY,
          startTime: options.startTime ?? "17:00",
          duration: options.duration ?? 90,
        }),
      ],
    }),
  );
  const checkout = await checkoutOk(client, hold);
  const paid = await client.request(`${checkout.url}/pay`, { method: "POST" });
  if (paid.status !== 303) throw new Error(`test checkout pay answered ${paid.status}`);
  const [row] = await t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
  if (row?.status !== "confirmed") throw new Error("the paid reservation was not confirmed");
  return row;
}

/** A reservation row inserted directly (for states the flows make slowly). */
export async function insertReservation(
  t: TestApp,
  overrides: Partial<typeof reservations.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(reservations)
    .values({
      date: DAY,
      facilityType: "court",
      courtId: 1,
      duration: 60,
      startTime: "10:00",
      endTime: "11:00",
      status: "confirmed",
      paymentStatus: "paid",
      manualPaymentStatus: "paid",
      customerName: "Jordan Park",
      customerEmail: "jordan@example.test",
      ...overrides,
    })
    .returning();
  return present(row);
}
