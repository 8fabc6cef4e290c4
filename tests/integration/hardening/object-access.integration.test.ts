import { asc, eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyReservationsResponse } from "../../../src/contracts/membership";
import {
  auditLog,
  eventRegistrations,
  holds,
  payments,
  reservations,
  users,
} from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import {
  type Actor,
  type Call,
  createActor,
  createHold,
  createHoldWithCheckout,
  FORGED_TOKEN,
  insertEvent,
  register,
  send,
} from "../kits/actors";
import { MANAGER_PASSWORD } from "../kits/admin-test-kit";
import { holdBody, item, NOW } from "../kits/booking-test-kit";
import { createTestApp, type TestApp, testClock } from "../kits/harness";

// Issue 7: a member cannot read, cancel or change another member's reservations, registrations or
// profile by id, and a browser without a hold's token cannot read, pay or cancel it. Every attempt
// is refused, and afterwards the owner's rows are exactly what they were.

const clock = testClock(NOW);
let t: TestApp;
let owner: Actor;
let intruder: Actor;
let guest: Actor;

/** What the owner (a member) has, and the tokens the intruder and the guest have of their own. */
const o = {
  paidReservationId: "",
  freeBookingId: "",
  registrationId: "",
  pendingRegistration: { id: "", token: "" },
  hold: { id: "", token: "", itemId: "", sessionId: "" },
};
const intruderHold = { id: "", token: "" };
let intruderRegistrationToken = "";
let guestHoldToken = "";
let guestRegistrationToken = "";

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { MANAGER_PASSWORD } });
  await t.seedFacilities();
  owner = await createActor(t, "member");
  intruder = await createActor(t, "otherMember");
  guest = await createActor(t, "holdGuest");

  // The owner's paid court booking, paid through the test checkout.
  const paid = await createHold(t, owner);
  const checkout = await send(t, owner, {
    method: "POST",
    path: `/api/booking/holds/${paid.holdId}/checkout`,
    json: { holdToken: paid.holdToken },
  });
  const { url } = (await checkout.json()) as { url: string };
  expect((await t.request(`${url}/pay`, { method: "POST" })).status).toBe(303);
  o.paidReservationId = present(paid.items[0]).reservationId;

  // A free member booking, a confirmed registration and a pending (paid) one with its token.
  const free = await send(t, owner, {
    method: "POST",
    path: "/api/membership/free-reservations",
    json: { date: "2026-11-19", startTime: "10:00" },
  });
  expect(free.status).toBe(201);
  o.freeBookingId = ((await free.json()) as { reservation: { id: string } }).reservation.id;
  const freeEvent = await insertEvent(t, { memberPriceCents: 0 });
  o.registrationId = (await register(t, freeEvent.id, owner)).registrationId;
  const paidEvent = await insertEvent(t);
  const pending = await register(t, paidEvent.id, owner);
  o.pendingRegistration = { id: pending.registrationId, token: present(pending.holdToken) };

  // An open hold of the owner's with a checkout session running.
  const open = await createHold(t, owner);
  const openCheckout = await send(t, owner, {
    method: "POST",
    path: `/api/booking/holds/${open.holdId}/checkout`,
    json: { holdToken: open.holdToken },
  });
  o.hold = {
    id: open.holdId,
    token: open.holdToken,
    itemId: present(open.items[0]).reservationId,
    sessionId: ((await openCheckout.json()) as { sessionId: string }).sessionId,
  };

  // The intruder and the guest each have a hold and a pending registration, so real tokens of their own.
  const mine = await createHold(t, intruder);
  intruderHold.id = mine.holdId;
  intruderHold.token = mine.holdToken;
  intruderRegistrationToken = present((await register(t, paidEvent.id, intruder)).holdToken);
  guestHoldToken = (await createHoldWithCheckout(t)).hold.holdToken;
  guestRegistrationToken = present((await register(t, paidEvent.id, guest)).holdToken);
});
afterAll(() => t?.close());

/** Every row of the owner's that an attempt could touch. */
async function ownerState() {
  const ownerId = present(owner.user).id;
  const ownerHolds = await t.db.select().from(holds).where(eq(holds.userId, ownerId)).orderBy(asc(holds.id));
  return {
    user: await t.db.select().from(users).where(eq(users.id, ownerId)),
    reservations: await t.db
      .select()
      .from(reservations)
      .where(eq(reservations.userId, ownerId))
      .orderBy(asc(reservations.id)),
    holds: ownerHolds,
    registrations: await t.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.userId, ownerId))
      .orderBy(asc(eventRegistrations.id)),
    payments: await t.db
      .select()
      .from(payments)
      .where(
        or(
          inArray(
            payments.reference,
            ownerHolds.map((h) => h.id),
          ),
          eq(payments.reference, o.pendingRegistration.id),
        ),
      )
      .orderBy(asc(payments.id)),
    auditEntries: (await t.db.select().from(auditLog)).length,
  };
}

type Attempt = [label: string, who: "intruder" | "guest", call: () => Call, status: number];

const get = (path: string, headers?: Record<string, string>): Call => ({ method: "GET", path, headers });
const post = (path: string, json?: unknown): Call => ({ method: "POST", path, json });
const patch = (path: string, json: unknown): Call => ({ method: "PATCH", path, json });
const del = (path: string): Call => ({ method: "DELETE", path });

/** The other member's attempts on the owner's things, each with the intruder's own credentials. */
const MEMBER_ATTEMPTS: Attempt[] = [
  [
    "read my paid booking's calendar file",
    "intruder",
    () => get(`/api/me/reservations/${o.paidReservationId}/calendar`),
    404,
  ],
  [
    "read my free booking's calendar file",
    "intruder",
    () => get(`/api/me/reservations/${o.freeBookingId}/calendar`),
    404,
  ],
  [
    "read my registration's calendar file",
    "intruder",
    () => get(`/api/me/event-registrations/${o.registrationId}/calendar`),
    404,
  ],
  [
    "read my hold with their own hold token",
    "intruder",
    () => get(`/api/booking/holds/${o.hold.id}`, { "x-hold-token": intruderHold.token }),
    403,
  ],
  ["read my hold with no token", "intruder", () => get(`/api/booking/holds/${o.hold.id}`), 403],
  [
    "pay for my hold",
    "intruder",
    () => post(`/api/booking/holds/${o.hold.id}/checkout`, { holdToken: intruderHold.token }),
    403,
  ],
  [
    "remove an item from my hold",
    "intruder",
    () =>
      post(`/api/booking/holds/${o.hold.id}/items/${o.hold.itemId}/cancel`, {
        holdToken: intruderHold.token,
      }),
    403,
  ],
  [
    "remove my item through their own hold",
    "intruder",
    () =>
      post(`/api/booking/holds/${intruderHold.id}/items/${o.hold.itemId}/cancel`, {
        holdToken: intruderHold.token,
      }),
    404,
  ],
  [
    "cancel my paid booking through their own hold",
    "intruder",
    () =>
      post(`/api/booking/holds/${intruderHold.id}/items/${o.paidReservationId}/cancel`, {
        holdToken: intruderHold.token,
      }),
    404,
  ],
  [
    "cancel my hold by its id",
    "intruder",
    () => post("/api/booking/holds/cancel", { holdId: o.hold.id, holdToken: intruderHold.token }),
    403,
  ],
  [
    "cancel my hold by its checkout session",
    "intruder",
    () =>
      post("/api/booking/holds/cancel", {
        checkoutSessionId: o.hold.sessionId,
        holdToken: intruderHold.token,
      }),
    403,
  ],
  [
    "read my pending registration",
    "intruder",
    () =>
      get(`/api/events/registrations/${o.pendingRegistration.id}`, {
        "x-registration-token": intruderRegistrationToken,
      }),
    403,
  ],
  [
    "pay for my pending registration",
    "intruder",
    () =>
      post(`/api/events/registrations/${o.pendingRegistration.id}/checkout`, {
        holdToken: intruderRegistrationToken,
      }),
    403,
  ],
  [
    "cancel my pending registration",
    "intruder",
    () =>
      post(`/api/events/registrations/${o.pendingRegistration.id}/cancel`, {
        holdToken: intruderRegistrationToken,
      }),
    403,
  ],
  [
    "cancel my confirmed registration by its id",
    "intruder",
    () =>
      post(`/api/events/registrations/${o.registrationId}/cancel`, { holdToken: intruderRegistrationToken }),
    403,
  ],
  [
    "cancel my booking as staff would",
    "intruder",
    () => patch(`/api/admin/reservations/${o.paidReservationId}/status`, { status: "cancelled" }),
    403,
  ],
  [
    "move my booking",
    "intruder",
    () => patch(`/api/admin/reservations/${o.paidReservationId}`, { startTime: "12:00", facilityId: 8 }),
    403,
  ],
  [
    "reassign my booking",
    "intruder",
    () => post(`/api/admin/reservations/${o.paidReservationId}/reassign`, { facilityId: 8 }),
    403,
  ],
  [
    "mark my booking paid at the desk",
    "intruder",
    () =>
      patch(`/api/admin/reservations/${o.paidReservationId}/payment-status`, { manualPaymentStatus: "paid" }),
    403,
  ],
  [
    "refund my booking",
    "intruder",
    () =>
      post(`/api/admin/reservations/${o.paidReservationId}/refund`, { managerPassword: MANAGER_PASSWORD }),
    403,
  ],
  [
    "delete my registration",
    "intruder",
    () => del(`/api/admin/event-registrations/${o.registrationId}`),
    403,
  ],
  [
    "refund my registration",
    "intruder",
    () =>
      post(`/api/admin/event-registrations/${o.registrationId}/refund`, {
        managerPassword: MANAGER_PASSWORD,
      }),
    403,
  ],
  [
    "freeze my account",
    "intruder",
    () =>
      post(`/api/admin/members/${present(owner.user).id}/freeze`, {
        managerPassword: MANAGER_PASSWORD,
        freeze: true,
      }),
    403,
  ],
  [
    "cancel my membership",
    "intruder",
    () =>
      post(`/api/admin/members/${present(owner.user).id}/cancel-membership`, {
        managerPassword: MANAGER_PASSWORD,
      }),
    403,
  ],
  [
    "read my billing date",
    "intruder",
    () => get(`/api/admin/members/${present(owner.user).id}/subscription`),
    403,
  ],
  [
    "read my name, email and phone through booking for me",
    "intruder",
    () => get(`/api/booking/context?member=${present(owner.user).id}`),
    403,
  ],
  [
    "book in my name",
    "intruder",
    () =>
      post(
        "/api/booking/holds",
        holdBody({ items: [item({ date: "2026-11-24", duration: 60 })], memberId: present(owner.user).id }),
      ),
    403,
  ],
];

/** A browser without the owner's token: the guest tries with its own real token, then a made-up one. */
const GUEST_ATTEMPTS: Attempt[] = [
  [
    "read the hold with another hold's token",
    "guest",
    () => get(`/api/booking/holds/${o.hold.id}`, { "x-hold-token": guestHoldToken }),
    403,
  ],
  [
    "read the hold with a made-up token",
    "guest",
    () => get(`/api/booking/holds/${o.hold.id}`, { "x-hold-token": FORGED_TOKEN }),
    403,
  ],
  [
    "pay for the hold",
    "guest",
    () => post(`/api/booking/holds/${o.hold.id}/checkout`, { holdToken: guestHoldToken }),
    403,
  ],
  [
    "remove an item of the hold",
    "guest",
    () =>
      post(`/api/booking/holds/${o.hold.id}/items/${o.hold.itemId}/cancel`, { holdToken: guestHoldToken }),
    403,
  ],
  [
    "cancel the hold",
    "guest",
    () => post("/api/booking/holds/cancel", { holdId: o.hold.id, holdToken: FORGED_TOKEN }),
    403,
  ],
  [
    "cancel the hold by its checkout session",
    "guest",
    () =>
      post("/api/booking/holds/cancel", { checkoutSessionId: o.hold.sessionId, holdToken: guestHoldToken }),
    403,
  ],
  [
    "read the pending registration",
    "guest",
    () =>
      get(`/api/events/registrations/${o.pendingRegistration.id}`, {
        "x-registration-token": guestRegistrationToken,
      }),
    403,
  ],
  [
    "pay for the pending registration",
    "guest",
    () => post(`/api/events/registrations/${o.pendingRegistration.id}/checkout`, { holdToken: FORGED_TOKEN }),
    403,
  ],
  [
    "cancel the pending registration",
    "guest",
    () =>
      post(`/api/events/registrations/${o.pendingRegistration.id}/cancel`, {
        holdToken: guestRegistrationToken,
      }),
    403,
  ],
  [
    "read the booking's calendar file",
    "guest",
    () => get(`/api/me/reservations/${o.paidReservationId}/calendar`),
    401,
  ],
];

describe("one member's things, by id, for everyone else (issue 7)", () => {
  let before: Awaited<ReturnType<typeof ownerState>>;
  beforeAll(async () => {
    before = await ownerState();
  });

  it.each([...MEMBER_ATTEMPTS, ...GUEST_ATTEMPTS])(
    "%s: the %s is refused",
    async (_label, who, call, status) => {
      const response = await send(t, who === "intruder" ? intruder : guest, call());
      expect(response.status, await response.clone().text()).toBe(status);
      expect(await ownerState()).toEqual(before);
    },
  );

  it("the other member's profile update changes only their own account", async () => {
    const intruderBefore = await t.db.query.users.findFirst({
      where: eq(users.id, present(intruder.user).id),
    });
    const response = await send(
      t,
      intruder,
      patch("/api/me/profile", {
        firstName: "Changed",
        lastName: "Name",
        id: present(owner.user).id,
        userId: present(owner.user).id,
        email: present(owner.user).email,
      }),
    );
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string; email: string } };
    expect(user).toMatchObject({ id: present(intruder.user).id, email: present(intruder.user).email });
    expect(await ownerState()).toEqual(before);
    const intruderAfter = await t.db.query.users.findFirst({
      where: eq(users.id, present(intruder.user).id),
    });
    expect(intruderAfter).toMatchObject({ email: present(intruderBefore).email, firstName: "Changed" });
  });

  it("the other member's own lists show none of the owner's things", async () => {
    const response = await send(t, intruder, get("/api/me/reservations"));
    const mine = (await response.json()) as MyReservationsResponse;
    const ids = [
      ...mine.courtReservations,
      ...mine.freeCourtReservations,
      ...mine.dartBayReservations,
      ...mine.eventRegistrations,
    ].map((r) => r.id);
    expect(ids).not.toContain(o.paidReservationId);
    expect(ids).not.toContain(o.freeBookingId);
    expect(ids).not.toContain(o.registrationId);
  });

  it("the same ids open for their owner (so the refusals above are about who asks)", async () => {
    const reads: Array<[Actor, Call]> = [
      [owner, get(`/api/me/reservations/${o.paidReservationId}/calendar`)],
      [owner, get(`/api/me/reservations/${o.freeBookingId}/calendar`)],
      [owner, get(`/api/me/event-registrations/${o.registrationId}/calendar`)],
      [guest, get(`/api/booking/holds/${o.hold.id}`, { "x-hold-token": o.hold.token })],
      [
        guest,
        get(`/api/events/registrations/${o.pendingRegistration.id}`, {
          "x-registration-token": o.pendingRegistration.token,
        }),
      ],
    ];
    for (const [actor, call] of reads) {
      expect((await send(t, actor, call)).status, `${call.method} ${call.path}`).toBe(200);
    }
    expect(await ownerState()).toEqual(before);
  });
});
