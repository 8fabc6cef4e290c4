import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JoinWaitlistResponse } from "../../../src/contracts/waitlist";
import { DEFAULT_BOOKING_RULES } from "../../../src/domain/booking-rules";
import { DEFAULT_MEMBERSHIP_PLANS } from "../../../src/domain/membership";
import { DEFAULT_RATE_CARD } from "../../../src/domain/rate-card";
import { bookingReference } from "../../../src/domain/self-service-policy";
import { timeOf, venueToday } from "../../../src/domain/venue-time";
import {
  couponCodes,
  courts,
  eventRegistrations,
  holds,
  reservations,
  sessions,
  specialDays,
  staffInvitations,
} from "../../../src/server/db/schema";
import type { App } from "../../../src/server/deps";
import { refillEventWaitlist } from "../../../src/server/events/waitlist-offers";
import { newHoldToken } from "../../../src/server/kernel/hold-token";
import { present } from "../../../src/server/lib/present";
import type { TestProvider } from "../../../src/server/payments/test-provider";
import {
  ACTOR_NAMES,
  type Actor,
  type ActorName,
  type Call,
  createActor,
  createActors,
  createHold,
  createHoldWithCheckout,
  insertEvent,
  insertReservation,
  nextDecemberDate,
  nextSlot,
  register,
  send,
  tokenFor,
  uniqueLabel,
} from "../kits/actors";
import { MANAGER_PASSWORD, paidOnlineReservation } from "../kits/admin-test-kit";
import { holdBody, item, NOW } from "../kits/booking-test-kit";
import { eventBody, eventForm, imageBytes, registrationBody } from "../kits/events-test-kit";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  type TestApp,
  type TestUser,
  testClock,
  uniqueEmail,
} from "../kits/harness";
import { signupBody } from "../kits/membership-test-kit";

// Issue 7: every route of the app, called by each actor (three of them staff roles, issue 33), against an explicit table of
// the status each one must get. "Allowed" cells send a valid request for a real object, so they
// expect the route's real success status; refused cells expect 401 (not signed in), 403 (wrong
// role, or not the token's holder) or 404 (someone else's, answered as missing). A route on the
// app without a row, or a row for a route that is gone, fails the coverage test by name.

type Expected = Record<ActorName, number>;
let phoneCount = 0;

// The access policies, spelled out per actor. A frozen member's cookie opens nothing: the session
// ends on sight, so the request is a guest's.
const allStaff = (status: number) => ({ frontDesk: status, manager: status, owner: status });
const everyone = (status: number): Expected => ({
  anonymous: status,
  holdGuest: status,
  member: status,
  otherMember: status,
  frozen: status,
  ...allStaff(status),
});
const signedIn = (status: number): Expected => ({
  anonymous: 401,
  holdGuest: 401,
  member: status,
  otherMember: status,
  frozen: 401,
  ...allStaff(status),
});
const membersOnly = (status: number): Expected => ({ ...signedIn(status), ...allStaff(403) });
const notStaff = { anonymous: 401, holdGuest: 401, member: 403, otherMember: 403, frozen: 401 };
// Issue 33: what each staff role may do, spelled out here (not read from the guard), so a route
// guarded with the wrong role fails its row.
/** The front desk and up: the day's bookings, moves, statuses, check-in, registrations, members. */
const frontDesk = (status: number): Expected => ({ ...notStaff, ...allStaff(status) });
/** Managers and the owner: coupons, events, settings, prices, refunds, freeze and cancel. */
const managers = (status: number): Expected => ({ ...notStaff, ...allStaff(status), frontDesk: 403 });
/** The owner alone: staff management. */
const ownerOnly = (status: number): Expected => ({ ...notStaff, ...allStaff(403), owner: status });
/** Objects reached by an unguessable token (holds, pending registrations): only its holder. */
const tokenHolderOnly = (status: number): Expected => ({ ...everyone(403), holdGuest: status });
/** "My" objects by id: whoever made them (the member actor); anyone else's id answers as missing. */
const myOwnOnly = (status: number): Expected => ({ ...signedIn(404), member: status });

type Row = {
  /** "METHOD /path" exactly as the app lists it (Hono's :param syntax). */
  route: string;
  /** Tells rows of the same route apart (e.g. the admin-only ?member= form of a public route). */
  variant?: string;
  expected: Expected;
  /** The request this actor sends; fixtures made here are fresh for every cell. */
  call: (actor: Actor) => Call | Promise<Call>;
  /** The route ends or changes the caller's own sessions: each cell gets a new actor of the kind. */
  freshActor?: boolean;
};

const get = (path: string, headers?: Record<string, string>): Call => ({ method: "GET", path, headers });
const post = (path: string, json?: unknown): Call => ({ method: "POST", path, json });
const put = (path: string, json: unknown): Call => ({ method: "PUT", path, json });
const patch = (path: string, json: unknown): Call => ({ method: "PATCH", path, json });
const del = (path: string): Call => ({ method: "DELETE", path });

const clock = testClock(NOW);
let t: TestApp;
let actors: Record<ActorName, Actor>;

/** Shared objects of the setup (objects a cell changes are made fresh inside the row instead). */
const s = {
  plainUser: null as unknown as TestUser,
  memberReservationId: "",
  memberRegistrationId: "",
  publicEventId: "",
  privateEventId: "",
  paidEventId: "",
  couponCode: "",
  billingMemberId: "",
  photoPath: "",
  venueLogoPath: "",
  outboxId: 0,
  openCheckoutPath: "",
};

beforeAll(async () => {
  clock.set(NOW);
  t = await createTestApp({ now: clock.now, env: { MANAGER_PASSWORD } });
  await t.seedFacilities();
  actors = await createActors(t);
  const member = present(actors.member.user);
  s.plainUser = await t.createGuestUser();
  s.memberReservationId = (await insertReservation(t, { userId: member.id, customerName: "Member" })).id;
  const freeForMembers = await insertEvent(t, { memberPriceCents: 0 });
  s.memberRegistrationId = (await register(t, freeForMembers.id, actors.member)).registrationId;
  s.publicEventId = (await insertEvent(t)).id;
  s.privateEventId = (await insertEvent(t, { isPrivate: true })).id;
  s.paidEventId = (await insertEvent(t)).id;
  s.couponCode = (await insertCoupon()).code;
  s.billingMemberId = (await t.createMember({ nextBillingDate: new Date("2026-12-18T15:00:00Z") })).id;
  s.photoPath = await eventPhotoPath();
  s.venueLogoPath = await venueLogoPath();
  s.openCheckoutPath = (await createHoldWithCheckout(t)).checkoutPath;
  await t.request("/api/password/forgot", { method: "POST", ...jsonInit({ email: member.email }) });
  const [email] = await t.emailsTo(member.email);
  s.outboxId = present(email).id;
});
afterAll(() => t?.close());

const jsonInit = (body: unknown) => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** One guest booking paid through the test checkout, shared by the read-only confirmation rows. */
let paidHoldOnce: Promise<{ holdId: string; holdToken: string }> | null = null;
function paidGuestHold() {
  paidHoldOnce ??= (async () => {
    const { hold, checkoutPath } = await createHoldWithCheckout(t);
    const paid = await t.request(`${checkoutPath}/pay`, { method: "POST" });
    if (paid.status !== 303) throw new Error(`test checkout pay answered ${paid.status}`);
    return hold;
  })();
  return paidHoldOnce;
}

/** A manage link of that booking, minted by the browser that paid. */
async function manageLinkPath(): Promise<string> {
  const hold = await paidGuestHold();
  const response = await t.request(`/api/booking/holds/${hold.holdId}/manage-link`, {
    method: "POST",
    ...jsonInit({ holdToken: hold.holdToken }),
  });
  if (response.status !== 201) throw new Error(`manage link answered ${response.status}`);
  return ((await response.json()) as { path: string }).path;
}

let todaySlots = 0;
/**
 * A confirmed booking of today that started before NOW (a check-in and a no-show are both
 * allowed), each on a ten-minute slot of dart bay 4 of its own; its hold gives the reference.
 */
async function bookedToday() {
  const start = todaySlots++ * 10;
  if (start + 10 > 9 * 60) throw new Error("the matrix ran out of today's slots");
  const [hold] = await t.db
    .insert(holds)
    .values({
      tokenHash: newHoldToken().hash,
      status: "paid",
      expiresAt: NOW,
      subtotalCents: 0,
      totalCents: 0,
    })
    .returning();
  const holdId = present(hold).id;
  const row = await insertReservation(
    t,
    { facilityType: "dart_bay", courtId: null, dartBayId: 4, holdId },
    { date: venueToday(NOW), startTime: timeOf(start), endTime: timeOf(start + 10) },
  );
  return { id: row.id, holdId };
}

/** A fresh full event (one place, taken) with a guest waiting for it. */
async function waitlistEntry() {
  const event = await insertEvent(t, { maxParticipants: 1, memberPriceCents: 0, nonMemberPriceCents: 0 });
  await t.db.insert(eventRegistrations).values({
    eventId: event.id,
    customerName: "Taken",
    customerEmail: "taken@example.test",
    status: "confirmed",
    paymentStatus: "paid",
  });
  const body = registrationBody();
  const joined = await t.request(`/api/events/${event.id}/waitlist`, { method: "POST", ...jsonInit(body) });
  return { ...((await joined.json()) as JoinWaitlistResponse), email: body.customerEmail };
}

/** A waitlist entry holding an offer; the offer's token, as the offer email carries it. */
async function offeredEntry() {
  const entry = await waitlistEntry();
  await t.db.delete(eventRegistrations).where(eq(eventRegistrations.eventId, entry.eventId));
  await refillEventWaitlist(t.deps, entry.eventId);
  const offer = (await t.emailsTo(entry.email)).find((m) => m.subject.startsWith("A place is yours"));
  const token = present(/\?token=([A-Za-z0-9_-]+)/.exec(present(offer).textBody))[1];
  return { entryId: entry.entryId, token: present(token) };
}

async function insertCoupon() {
  const [row] = await t.db
    .insert(couponCodes)
    .values({
      code: uniqueLabel("SAVE"),
      type: "percentage",
      value: "10",
      startDate: "2026-11-01",
      endDate: "2026-12-31",
    })
    .returning();
  return present(row);
}

/** An event created through the admin form with a photo; the photo's path under /storage. */
async function eventPhotoPath(): Promise<string> {
  const form = eventForm(eventBody({ date: nextDecemberDate(), courts: [8] }), {
    bytes: imageBytes("png"),
    name: "poster.png",
    type: "image/png",
  });
  const response = await send(t, actors.owner, { method: "POST", path: "/api/admin/events", form });
  if (response.status !== 201) throw new Error(`event with photo answered ${response.status}`);
  const { events } = (await response.json()) as { events: Array<{ id: string }> };
  const event = await t.db.query.events.findFirst({ where: (e, { eq }) => eq(e.id, present(events[0]).id) });
  return present(present(event).photoUrl);
}

/** A file of the venue's own form (issue 31). */
const venueFileForm = (kind: "logo" | "waiver") => {
  const form = new FormData();
  const bytes =
    kind === "logo" ? imageBytes("png") : new TextEncoder().encode("%PDF-1.4\ntrailer<<>>\n%%EOF\n");
  form.set(
    "file",
    new File([new Uint8Array(bytes)], kind, { type: kind === "logo" ? "image/png" : "application/pdf" }),
  );
  return form;
};

/** A logo uploaded in Settings › Venue; its path under /storage. */
async function venueLogoPath(): Promise<string> {
  const response = await send(t, actors.owner, {
    method: "POST",
    path: "/api/admin/venue/logo",
    form: venueFileForm("logo"),
  });
  if (response.status !== 200) throw new Error(`venue logo answered ${response.status}`);
  return ((await response.json()) as { logoUrl: string }).logoUrl;
}

/** A closure of dart bay 4 on its own day of January 2027 (a day each, so none overlaps). */
let closureDay = 4;
const matrixClosure = (day: number) => ({
  kind: "closure",
  facilityType: "dart_bay",
  facilityIds: [4],
  startsOn: `2027-01-${String(day).padStart(2, "0")}`,
  endsOn: `2027-01-${String(day).padStart(2, "0")}`,
  startTime: "09:00",
  endTime: "10:00",
  weekly: false,
  reason: "Matrix closure",
});

const venueIdentity = {
  venueName: "Backspin Social",
  clubName: "Backspin Club",
  phone: "(512) 555-0142",
  email: "hello@backspin-social.example",
  address: "1200 Example Avenue, Austin, TX 78701",
  policyHost: "backspin-social.example",
  privacyUrl: "",
  termsUrl: "",
  refundUrl: "",
  brandColor: "#077352",
};

/** A waiting staff invitation and its link's token, as the invitation email carries it. */
async function staffInvitation() {
  const { token, hash } = newHoldToken();
  const [row] = await t.db
    .insert(staffInvitations)
    .values({
      email: uniqueEmail("invitee"),
      role: "front_desk",
      tokenHash: hash,
      expiresAt: new Date(clock.now().getTime() + 3600_000),
    })
    .returning();
  return { id: present(row).id, token };
}

/** A member to act on (freeze, cancel), with a billing date as the membership webhook sets it. */
const targetMember = () => t.createMember({ nextBillingDate: new Date("2026-12-18T15:00:00Z") });

/** A password-reset link's token and email, as the emailed link carries them. */
async function resetLink() {
  const user = await t.createGuestUser();
  await t.request("/api/password/forgot", { method: "POST", ...jsonInit({ email: user.email }) });
  const [email] = await t.emailsTo(user.email);
  const match = email?.textBody.match(/reset-password\?token=([^&\s]+)&email=(\S+)/);
  if (!match) throw new Error("no reset link in the email");
  return { token: decodeURIComponent(present(match[1])), email: decodeURIComponent(present(match[2])) };
}

/** A link to the test checkout's stand-in billing page, as "Change card" would open it. */
async function billingLink() {
  const provider = t.deps.payments as TestProvider;
  const { url } = await provider.openBillingPortal({
    customerId: "cus_test_matrix",
    returnUrl: "http://localhost:3000/my-membership",
    now: NOW,
  });
  return url;
}

/** A registration paid through the test checkout, as refunds need. */
async function paidRegistration() {
  const registration = await register(t, s.paidEventId);
  const checkout = await send(t, actors.holdGuest, {
    method: "POST",
    path: `/api/events/registrations/${registration.registrationId}/checkout`,
    json: { holdToken: registration.holdToken },
  });
  const { url } = (await checkout.json()) as { url: string };
  const paid = await t.request(`${url}/pay`, { method: "POST" });
  if (paid.status !== 303) throw new Error(`paying the registration answered ${paid.status}`);
  return registration;
}

const memberId = () => present(actors.member.user).id;
const freeBookingSlot = { member: "10:00", otherMember: "13:00" } as Partial<Record<ActorName, string>>;

const ROWS: Row[] = [
  // ---- system ----
  { route: "GET /api/health", expected: everyone(200), call: () => get("/api/health") },
  { route: "GET /api/settings", expected: everyone(200), call: () => get("/api/settings") },
  { route: "GET /api/openapi.json", expected: everyone(200), call: () => get("/api/openapi.json") },
  { route: "GET /api/session", expected: everyone(200), call: () => get("/api/session") },

  // ---- session and password ----
  {
    route: "POST /api/session/sign-in",
    // Each signs in with their own account (the guests with a plain account); a frozen one is refused.
    expected: { ...everyone(200), frozen: 403 },
    call: (actor) => {
      const user = actor.user ?? s.plainUser;
      return post("/api/session/sign-in", { email: user.email, password: user.password });
    },
  },
  {
    route: "POST /api/session/sign-out",
    expected: everyone(200),
    freshActor: true,
    call: () => post("/api/session/sign-out"),
  },
  {
    route: "POST /api/password/forgot",
    expected: everyone(200),
    call: (actor) => post("/api/password/forgot", { email: (actor.user ?? s.plainUser).email }),
  },
  {
    route: "POST /api/password/reset",
    // The emailed token is the permission, whoever's browser follows the link.
    expected: everyone(200),
    call: async () => {
      const link = await resetLink();
      return post("/api/password/reset", {
        ...link,
        password: "new-horse-battery",
        confirmPassword: "new-horse-battery",
      });
    },
  },
  { route: "GET /api/me/profile", expected: signedIn(200), call: () => get("/api/me/profile") },
  { route: "GET /api/me/reminders", expected: signedIn(200), call: () => get("/api/me/reminders") },
  {
    route: "PUT /api/me/reminders",
    expected: signedIn(200),
    call: () => put("/api/me/reminders", { enabled: true }),
  },
  // ---- the venue's own settings (issue 31) ----
  { route: "GET /api/admin/venue", expected: managers(200), call: () => get("/api/admin/venue") },
  {
    route: "PUT /api/admin/venue",
    expected: managers(200),
    call: () => put("/api/admin/venue", venueIdentity),
  },
  {
    route: "POST /api/admin/venue/logo",
    expected: managers(200),
    call: () => ({ method: "POST", path: "/api/admin/venue/logo", form: venueFileForm("logo") }),
  },
  { route: "GET /api/admin/closures", expected: managers(200), call: () => get("/api/admin/closures") },
  {
    route: "POST /api/admin/closures/impact",
    expected: managers(200),
    call: () => post("/api/admin/closures/impact", { draft: matrixClosure(4) }),
  },
  {
    route: "POST /api/admin/closures",
    expected: managers(200),
    call: () =>
      post("/api/admin/closures", { id: randomUUID(), action: "keep", draft: matrixClosure(++closureDay) }),
  },
  {
    route: "DELETE /api/admin/closures/:kind/:id",
    expected: managers(200),
    call: async () => {
      const day = `2027-03-${String(++closureDay).padStart(2, "0")}`;
      const [row] = await t.db
        .insert(specialDays)
        .values({ startsOn: day, endsOn: day, reason: uniqueLabel("Day") })
        .returning();
      return { method: "DELETE", path: `/api/admin/closures/special_day/${present(row).id}` };
    },
  },
  { route: "GET /api/admin/hours", expected: managers(200), call: () => get("/api/admin/hours") },
  {
    route: "PUT /api/admin/hours",
    expected: managers(200),
    call: () =>
      put("/api/admin/hours", {
        days: [
          ["10:30", "21:00"],
          ["09:00", "21:00"],
          ["09:00", "21:00"],
          ["09:00", "21:00"],
          ["09:00", "21:00"],
          ["09:00", "22:00"],
          ["09:00", "22:00"],
        ].map(([opensAt, closesAt], dayOfWeek) => ({ dayOfWeek, closed: false, opensAt, closesAt })),
      }),
  },
  { route: "GET /api/admin/facilities", expected: managers(200), call: () => get("/api/admin/facilities") },
  {
    route: "POST /api/admin/facilities",
    expected: managers(201),
    call: () => post("/api/admin/facilities", { facilityType: "dart_bay", name: uniqueLabel("Bay") }),
  },
  {
    route: "PATCH /api/admin/facilities/:facilityType/:id",
    expected: managers(200),
    call: () => ({ method: "PATCH", path: "/api/admin/facilities/court/8", json: { name: "Court 8" } }),
  },
  {
    route: "PUT /api/admin/facilities/:facilityType/order",
    expected: managers(200),
    call: async () => {
      const rows = await t.db.select({ id: courts.id }).from(courts).orderBy(courts.sortOrder, courts.id);
      return put("/api/admin/facilities/court/order", { ids: rows.map((r) => r.id) });
    },
  },
  {
    route: "POST /api/admin/venue/waiver",
    expected: managers(200),
    call: () => ({ method: "POST", path: "/api/admin/venue/waiver", form: venueFileForm("waiver") }),
  },
  {
    route: "GET /api/admin/reminder-settings",
    expected: managers(200),
    call: () => get("/api/admin/reminder-settings"),
  },
  {
    route: "PUT /api/admin/reminder-settings",
    expected: managers(200),
    call: () => put("/api/admin/reminder-settings", { leadHours: 24, secondLeadHours: null }),
  },
  {
    // Public, like booking; a free time answers 409 (book it instead) to everyone alike.
    route: "POST /api/court-alerts",
    expected: everyone(409),
    call: () =>
      post("/api/court-alerts", {
        facilityType: "court",
        date: "2026-11-27",
        startTime: "20:00",
        duration: 60,
        email: "alert@example.com",
      }),
  },
  {
    // Issue 30 item 2: public, like the alert that needs it; each call asks for a phone of its own.
    route: "POST /api/phone-codes",
    expected: everyone(200),
    call: () =>
      post("/api/phone-codes", {
        phone: `512555${String(++phoneCount).padStart(4, "0")}`,
        email: "code@example.com",
      }),
  },
  {
    // No code was texted for this phone and email: a 400 naming the code, to everyone alike.
    route: "POST /api/phone-codes/confirm",
    expected: everyone(400),
    call: () =>
      post("/api/phone-codes/confirm", { phone: "512-555-0100", email: "code@example.com", code: "123456" }),
  },
  {
    route: "PATCH /api/me/profile",
    expected: signedIn(200),
    call: () => patch("/api/me/profile", { firstName: "Pat", lastName: "Player", phone: "512-555-0100" }),
  },
  {
    route: "POST /api/me/password",
    expected: signedIn(200),
    freshActor: true,
    call: () =>
      post("/api/me/password", {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: "another-horse-9",
        confirmPassword: "another-horse-9",
      }),
  },

  // ---- staff: dashboard, reservations ----
  { route: "GET /api/admin/stats", expected: frontDesk(200), call: () => get("/api/admin/stats") },
  {
    route: "GET /api/admin/day",
    expected: frontDesk(200),
    call: () => get("/api/admin/day?date=2026-11-23&facilityType=court"),
  },
  {
    route: "GET /api/admin/available-facilities",
    expected: frontDesk(200),
    call: () =>
      get("/api/admin/available-facilities?date=2026-11-23&facilityType=court&startTime=10:00&duration=60"),
  },
  {
    route: "POST /api/admin/reservations",
    expected: frontDesk(201),
    call: () => {
      const slot = nextSlot();
      return post("/api/admin/reservations", {
        facilityType: "court",
        date: slot.date,
        customerName: "Walk In",
        startTime: slot.startTime,
        duration: 60,
        facilityIds: [8],
      });
    },
  },
  {
    route: "GET /api/admin/desk-price",
    expected: frontDesk(200),
    call: () => get("/api/admin/desk-price?facilityType=court&date=2026-11-23&startTime=17:00&duration=60"),
  },
  {
    route: "POST /api/admin/reservations/:id/reassign",
    expected: frontDesk(200),
    call: async () =>
      post(`/api/admin/reservations/${(await insertReservation(t)).id}/reassign`, { facilityId: 8 }),
  },
  {
    route: "PATCH /api/admin/reservations/:id",
    expected: frontDesk(200),
    call: async () => {
      const row = await insertReservation(t);
      return patch(`/api/admin/reservations/${row.id}`, {
        startTime: row.startTime.slice(0, 5),
        facilityId: 8,
      });
    },
  },
  {
    route: "PATCH /api/admin/reservations/:id/status",
    expected: frontDesk(200),
    call: async () =>
      patch(`/api/admin/reservations/${(await insertReservation(t)).id}/status`, { status: "cancelled" }),
  },
  {
    route: "PATCH /api/admin/reservations/:id/payment-status",
    expected: frontDesk(200),
    call: async () =>
      patch(`/api/admin/reservations/${(await insertReservation(t)).id}/payment-status`, {
        manualPaymentStatus: "paid",
      }),
  },
  {
    route: "POST /api/admin/reservations/:id/refund",
    expected: managers(200),
    call: async () => {
      const slot = nextSlot();
      const row = await paidOnlineReservation(t, {
        date: slot.date,
        startTime: slot.startTime,
        duration: 60,
      });
      return post(`/api/admin/reservations/${row.id}/refund`, { managerPassword: MANAGER_PASSWORD });
    },
  },

  {
    route: "GET /api/admin/reservations/:id/refund-quote",
    expected: managers(200),
    // A cancelled row off the shared slots (the quote reads any reservation), so no later row's
    // slot moves.
    call: async () => {
      const slot = { date: "2026-11-23", startTime: "06:00", endTime: "07:00" };
      const row = await insertReservation(t, { status: "cancelled" }, slot);
      return get(`/api/admin/reservations/${row.id}/refund-quote`);
    },
  },

  // ---- staff: check-in and no-shows (issue 33 item 2) ----
  {
    route: "POST /api/admin/check-in",
    expected: frontDesk(200),
    call: async () => post("/api/admin/check-in", { code: bookingReference((await bookedToday()).holdId) }),
  },
  {
    route: "POST /api/admin/reservations/:id/check-in",
    expected: frontDesk(200),
    call: async () => post(`/api/admin/reservations/${(await bookedToday()).id}/check-in`),
  },
  {
    route: "POST /api/admin/reservations/:id/no-show",
    expected: frontDesk(200),
    call: async () => post(`/api/admin/reservations/${(await bookedToday()).id}/no-show`),
  },
  {
    route: "POST /api/admin/reservations/:id/undo-no-show",
    expected: frontDesk(200),
    call: async () => {
      const { id } = await bookedToday();
      await t.db.update(reservations).set({ noShowAt: NOW }).where(eq(reservations.id, id));
      return post(`/api/admin/reservations/${id}/undo-no-show`);
    },
  },
  {
    route: "POST /api/admin/reservations/:id/undo-check-in",
    expected: frontDesk(200),
    call: async () => {
      const { id } = await bookedToday();
      await t.db.update(reservations).set({ checkedInAt: NOW }).where(eq(reservations.id, id));
      return post(`/api/admin/reservations/${id}/undo-check-in`);
    },
  },
  {
    route: "POST /api/admin/event-registrations/:id/check-in",
    expected: frontDesk(200),
    call: async () => {
      const event = await insertEvent(t, { date: venueToday(NOW), startTime: "10:00", endTime: "11:00" });
      const [row] = await t.db
        .insert(eventRegistrations)
        .values({
          eventId: event.id,
          customerName: "Arrives",
          customerEmail: "arrives@example.test",
          status: "confirmed",
          paymentStatus: "paid",
        })
        .returning();
      return post(`/api/admin/event-registrations/${present(row).id}/check-in`);
    },
  },

  // ---- staff: members, coupons, audit log ----
  { route: "GET /api/admin/members", expected: frontDesk(200), call: () => get("/api/admin/members") },
  {
    route: "POST /api/admin/members/:id/freeze",
    expected: managers(200),
    call: async () =>
      post(`/api/admin/members/${(await targetMember()).id}/freeze`, {
        managerPassword: MANAGER_PASSWORD,
        freeze: true,
      }),
  },
  {
    route: "GET /api/admin/members/:id/subscription",
    expected: frontDesk(200),
    call: () => get(`/api/admin/members/${s.billingMemberId}/subscription`),
  },
  {
    route: "POST /api/admin/members/:id/cancel-membership",
    expected: managers(200),
    call: async () =>
      post(`/api/admin/members/${(await targetMember()).id}/cancel-membership`, {
        managerPassword: MANAGER_PASSWORD,
      }),
  },
  { route: "GET /api/admin/coupons", expected: managers(200), call: () => get("/api/admin/coupons") },
  {
    route: "POST /api/admin/coupons",
    expected: managers(201),
    call: () => post("/api/admin/coupons", couponInput(uniqueLabel("NEW"))),
  },
  {
    route: "PUT /api/admin/coupons/:id",
    expected: managers(200),
    call: async () => {
      const coupon = await insertCoupon();
      return put(`/api/admin/coupons/${coupon.id}`, couponInput(coupon.code));
    },
  },
  {
    route: "DELETE /api/admin/coupons/:id",
    expected: managers(200),
    call: async () => del(`/api/admin/coupons/${(await insertCoupon()).id}`),
  },
  // ---- staff management (issue 33) ----
  { route: "GET /api/admin/staff", expected: ownerOnly(200), call: () => get("/api/admin/staff") },
  {
    route: "POST /api/admin/staff/invitations",
    expected: ownerOnly(201),
    call: () => post("/api/admin/staff/invitations", { email: uniqueEmail("invited"), role: "front_desk" }),
  },
  {
    route: "DELETE /api/admin/staff/invitations/:id",
    expected: ownerOnly(200),
    call: async () => del(`/api/admin/staff/invitations/${(await staffInvitation()).id}`),
  },
  {
    route: "PATCH /api/admin/staff/:id",
    expected: ownerOnly(200),
    call: async () =>
      patch(`/api/admin/staff/${(await t.createAdmin({ staffRole: "front_desk" })).id}`, { role: "manager" }),
  },
  {
    route: "DELETE /api/admin/staff/:id",
    expected: ownerOnly(200),
    call: async () => del(`/api/admin/staff/${(await t.createAdmin({ staffRole: "front_desk" })).id}`),
  },
  {
    // The emailed token is the permission, whoever's browser follows the link.
    route: "POST /api/staff-invitations/lookup",
    expected: everyone(200),
    call: async () => post("/api/staff-invitations/lookup", { token: (await staffInvitation()).token }),
  },
  {
    route: "POST /api/staff-invitations/accept",
    expected: everyone(201),
    call: async () =>
      post("/api/staff-invitations/accept", {
        token: (await staffInvitation()).token,
        firstName: "New",
        lastName: "Staff",
        password: "staff-horse-battery",
        confirmPassword: "staff-horse-battery",
      }),
  },
  { route: "GET /api/admin/audit-log", expected: managers(200), call: () => get("/api/admin/audit-log") },
  {
    route: "GET /api/admin/exports/:kind",
    expected: managers(200),
    call: () => get("/api/admin/exports/bookings?from=2026-01-01&to=2026-01-31"),
  },
  {
    route: "GET /api/admin/reports/:report",
    expected: managers(200),
    call: () => get("/api/admin/reports/revenue?from=2026-01-01&to=2026-01-31"),
  },

  // ---- booking ----
  { route: "GET /api/booking/context", expected: everyone(200), call: () => get("/api/booking/context") },
  {
    route: "GET /api/booking/context",
    variant: "booking for a member (?member=)",
    expected: frontDesk(200),
    call: () => get(`/api/booking/context?member=${memberId()}`),
  },
  {
    route: "GET /api/booking/availability",
    expected: everyone(200),
    call: () => get("/api/booking/availability?facilityType=court&date=2026-11-23&duration=60"),
  },
  {
    route: "GET /api/booking/availability",
    variant: "for a member (?member=)",
    expected: frontDesk(200),
    call: () =>
      get(`/api/booking/availability?facilityType=court&date=2026-11-23&duration=60&member=${memberId()}`),
  },
  {
    route: "POST /api/booking/coupon-check",
    expected: everyone(200),
    call: () => post("/api/booking/coupon-check", { code: s.couponCode, items: [item({ duration: 60 })] }),
  },
  {
    route: "POST /api/booking/coupon-check",
    variant: "for a member (memberId)",
    expected: frontDesk(200),
    call: () =>
      post("/api/booking/coupon-check", {
        code: s.couponCode,
        items: [item({ duration: 60 })],
        memberId: memberId(),
      }),
  },
  {
    route: "POST /api/booking/quote",
    expected: everyone(200),
    call: () => post("/api/booking/quote", { items: [item({ duration: 60 })] }),
  },
  {
    route: "POST /api/booking/quote",
    variant: "for a member (memberId)",
    expected: frontDesk(200),
    call: () => post("/api/booking/quote", { items: [item({ duration: 60 })], memberId: memberId() }),
  },
  {
    route: "POST /api/booking/holds",
    expected: everyone(201),
    call: () => {
      const slot = nextSlot();
      return post("/api/booking/holds", holdBody({ items: [item({ ...slot, duration: 60 })] }));
    },
  },
  {
    route: "POST /api/booking/holds",
    variant: "for a member (memberId)",
    expected: frontDesk(201),
    call: () => {
      const slot = nextSlot();
      return post(
        "/api/booking/holds",
        holdBody({ items: [item({ ...slot, duration: 60 })], memberId: memberId() }),
      );
    },
  },
  {
    route: "GET /api/booking/holds/:holdId",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const hold = await createHold(t);
      return get(`/api/booking/holds/${hold.holdId}`, { "x-hold-token": tokenFor(actor, hold.holdToken) });
    },
  },
  {
    route: "POST /api/booking/holds/:holdId/checkout",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const hold = await createHold(t);
      return post(`/api/booking/holds/${hold.holdId}/checkout`, {
        holdToken: tokenFor(actor, hold.holdToken),
      });
    },
  },
  {
    route: "POST /api/booking/holds/:holdId/items/:reservationId/cancel",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const hold = await createHold(t);
      return post(`/api/booking/holds/${hold.holdId}/items/${present(hold.items[0]).reservationId}/cancel`, {
        holdToken: tokenFor(actor, hold.holdToken),
      });
    },
  },
  {
    route: "POST /api/booking/holds/cancel",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const hold = await createHold(t);
      return post("/api/booking/holds/cancel", {
        holdId: hold.holdId,
        holdToken: tokenFor(actor, hold.holdToken),
      });
    },
  },

  // ---- events (public) ----
  { route: "GET /api/events", expected: everyone(200), call: () => get("/api/events") },
  {
    route: "GET /api/events/:id",
    expected: everyone(200),
    call: () => get(`/api/events/${s.publicEventId}`),
  },
  {
    route: "GET /api/events/:id",
    variant: "a private event",
    expected: { ...everyone(404), ...allStaff(200) },
    call: () => get(`/api/events/${s.privateEventId}`),
  },
  {
    route: "POST /api/events/:id/registrations",
    expected: everyone(201),
    call: () => post(`/api/events/${s.publicEventId}/registrations`, registrationBody()),
  },
  {
    route: "POST /api/events/:id/registrations",
    variant: "a private event",
    expected: { ...everyone(404), ...allStaff(201) },
    call: () => post(`/api/events/${s.privateEventId}/registrations`, registrationBody()),
  },
  {
    route: "GET /api/events/registrations/:id",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const registration = await register(t, s.paidEventId);
      return get(`/api/events/registrations/${registration.registrationId}`, {
        "x-registration-token": tokenFor(actor, present(registration.holdToken)),
      });
    },
  },
  {
    route: "GET /api/events/registrations/:id/receipt",
    expected: { ...everyone(404), holdGuest: 200 },
    call: async (actor) => {
      const registration = await register(t, s.paidEventId);
      return get(`/api/events/registrations/${registration.registrationId}/receipt`, {
        "x-registration-token": tokenFor(actor, present(registration.holdToken)),
      });
    },
  },
  {
    route: "GET /api/events/registrations/:id/receipt",
    variant: "the signed-in registrant's own",
    expected: { ...everyone(404), member: 200 },
    call: () => get(`/api/events/registrations/${s.memberRegistrationId}/receipt`),
  },
  {
    route: "GET /api/events/registrations/:id/calendar",
    expected: { ...everyone(404), member: 200 },
    call: () => get(`/api/events/registrations/${s.memberRegistrationId}/calendar`),
  },
  {
    route: "POST /api/events/registrations/:id/checkout",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const registration = await register(t, s.paidEventId);
      return post(`/api/events/registrations/${registration.registrationId}/checkout`, {
        holdToken: tokenFor(actor, present(registration.holdToken)),
      });
    },
  },
  {
    route: "POST /api/events/registrations/:id/cancel",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const registration = await register(t, s.paidEventId);
      return post(`/api/events/registrations/${registration.registrationId}/cancel`, {
        holdToken: tokenFor(actor, present(registration.holdToken)),
      });
    },
  },

  // ---- event waitlists (issue 15) ----
  {
    route: "POST /api/events/:id/waitlist",
    expected: everyone(201),
    call: async () => {
      const { eventId } = await waitlistEntry();
      return post(`/api/events/${eventId}/waitlist`, registrationBody());
    },
  },
  {
    route: "GET /api/waitlist/:id",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const entry = await waitlistEntry();
      return get(`/api/waitlist/${entry.entryId}`, { "x-waitlist-token": tokenFor(actor, entry.token) });
    },
  },
  {
    route: "POST /api/waitlist/:id/accept",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const offer = await offeredEntry();
      return post(`/api/waitlist/${offer.entryId}/accept`, { token: tokenFor(actor, offer.token) });
    },
  },
  {
    route: "POST /api/waitlist/:id/leave",
    expected: tokenHolderOnly(200),
    call: async (actor) => {
      const entry = await waitlistEntry();
      return post(`/api/waitlist/${entry.entryId}/leave`, { token: tokenFor(actor, entry.token) });
    },
  },
  {
    route: "GET /api/admin/events/:id/waitlist",
    expected: frontDesk(200),
    call: () => get(`/api/admin/events/${s.publicEventId}/waitlist`),
  },
  {
    route: "POST /api/admin/events/:id/waitlist/:entryId/offer",
    expected: frontDesk(200),
    call: async () => {
      const { eventId, entryId } = await waitlistEntry();
      return post(`/api/admin/events/${eventId}/waitlist/${entryId}/offer`);
    },
  },
  {
    route: "PUT /api/admin/waitlist-settings",
    expected: managers(200),
    call: () => put("/api/admin/waitlist-settings", { offerMinutes: 120 }),
  },

  // ---- events (staff) ----
  { route: "GET /api/admin/events", expected: frontDesk(200), call: () => get("/api/admin/events") },
  {
    route: "GET /api/admin/events/available-courts",
    expected: managers(200),
    call: () => get("/api/admin/events/available-courts?date=2026-12-20&startTime=10:00&endTime=12:00"),
  },
  {
    route: "POST /api/admin/events",
    expected: managers(201),
    call: () => post("/api/admin/events", eventBody({ date: nextDecemberDate(), courts: [8] })),
  },
  {
    route: "GET /api/admin/events/:id",
    expected: frontDesk(200),
    call: () => get(`/api/admin/events/${s.publicEventId}`),
  },
  {
    route: "PUT /api/admin/events/:id",
    expected: managers(200),
    call: async () => {
      const date = nextDecemberDate();
      const event = await insertEvent(t, { date, courts: [7] });
      return put(`/api/admin/events/${event.id}`, eventBody({ date, courts: [7], name: "Renamed" }));
    },
  },
  {
    route: "DELETE /api/admin/events/:id",
    expected: managers(200),
    call: async () => del(`/api/admin/events/${(await insertEvent(t)).id}`),
  },
  {
    route: "POST /api/admin/events/:id/registrations",
    expected: frontDesk(201),
    call: () =>
      post(`/api/admin/events/${s.paidEventId}/registrations`, { ...registrationBody(), isMember: false }),
  },
  {
    route: "DELETE /api/admin/event-registrations/:id",
    expected: frontDesk(200),
    call: async () =>
      del(`/api/admin/event-registrations/${(await register(t, s.paidEventId)).registrationId}`),
  },
  {
    route: "POST /api/admin/event-registrations/:id/refund",
    expected: managers(200),
    call: async () =>
      post(`/api/admin/event-registrations/${(await paidRegistration()).registrationId}/refund`, {
        managerPassword: MANAGER_PASSWORD,
      }),
  },

  // ---- membership and "my" things ----
  {
    route: "POST /api/membership/checkout",
    expected: everyone(200),
    call: () => post("/api/membership/checkout", signupBody()),
  },
  {
    route: "POST /api/membership/checkout/restart-link",
    expected: everyone(202),
    call: () => post("/api/membership/checkout/restart-link", { email: "nobody-waiting@example.test" }),
  },
  {
    // Public: the emailed link is the credential; a wrong one is refused for everyone alike.
    route: "POST /api/membership/checkout/restart",
    expected: everyone(400),
    call: () => post("/api/membership/checkout/restart", { token: `${randomUUID()}.not-the-secret` }),
  },
  {
    route: "GET /api/membership/free-reservations",
    expected: membersOnly(200),
    call: () => get("/api/membership/free-reservations?date=2026-11-19"),
  },
  {
    route: "POST /api/membership/free-reservations",
    expected: membersOnly(201),
    call: (actor) =>
      post("/api/membership/free-reservations", {
        date: "2026-11-19",
        startTime: freeBookingSlot[actor.name] ?? "16:00",
      }),
  },
  {
    route: "GET /api/me/membership",
    expected: signedIn(200),
    call: () => get("/api/me/membership"),
  },
  {
    route: "POST /api/me/membership/billing-portal",
    // The actors' memberships have no customer at the provider: refused with 409 after the guard.
    expected: membersOnly(409),
    call: () => post("/api/me/membership/billing-portal"),
  },
  {
    route: "POST /api/me/membership/cancel",
    // The venue's policy is off (the default): a member is told to call, after the guard.
    expected: membersOnly(403),
    call: () => post("/api/me/membership/cancel", { confirm: true }),
  },
  { route: "GET /api/me/reservations", expected: signedIn(200), call: () => get("/api/me/reservations") },
  {
    route: "GET /api/me/reservations/:id/calendar",
    expected: myOwnOnly(200),
    call: () => get(`/api/me/reservations/${s.memberReservationId}/calendar`),
  },
  {
    route: "GET /api/me/event-registrations/:id/calendar",
    expected: myOwnOnly(200),
    call: () => get(`/api/me/event-registrations/${s.memberRegistrationId}/calendar`),
  },

  // ---- the confirmation and the manage link (issue 14, decision 019) ----
  {
    route: "GET /api/booking/holds/:holdId/confirmation",
    // The hold token (or the owner's session) opens it; anyone else is told it does not exist.
    expected: { ...everyone(404), holdGuest: 200 },
    call: async (actor) => {
      const hold = await paidGuestHold();
      return get(`/api/booking/holds/${hold.holdId}/confirmation`, {
        "x-hold-token": tokenFor(actor, hold.holdToken),
      });
    },
  },
  {
    route: "GET /api/booking/holds/:holdId/calendar",
    expected: { ...everyone(404), holdGuest: 200 },
    call: async (actor) => {
      const hold = await paidGuestHold();
      return get(`/api/booking/holds/${hold.holdId}/calendar`, {
        "x-hold-token": tokenFor(actor, hold.holdToken),
      });
    },
  },
  {
    route: "POST /api/booking/holds/:holdId/manage-link",
    expected: { ...everyone(404), holdGuest: 201 },
    call: async (actor) => {
      const hold = await paidGuestHold();
      return post(`/api/booking/holds/${hold.holdId}/manage-link`, {
        holdToken: tokenFor(actor, hold.holdToken),
      });
    },
  },
  {
    route: "GET /api/booking/manage/:token",
    // The link is the capability, as the email that carries it.
    expected: everyone(200),
    call: async () => get(`/api/booking${await manageLinkPath()}`),
  },
  {
    route: "GET /api/booking/manage/:token/calendar",
    expected: everyone(200),
    call: async () => get(`/api/booking${await manageLinkPath()}/calendar`),
  },
  {
    route: "POST /api/booking/manage/:token/cancel",
    // The venue's policy is off by default: "please call us", for everyone alike.
    expected: everyone(403),
    call: async () => post(`/api/booking${await manageLinkPath()}/cancel`),
  },
  {
    route: "POST /api/booking/manage/:token/reschedule",
    expected: everyone(403),
    call: async () => {
      const hold = await paidGuestHold();
      const view = (await (
        await t.request(`/api/booking/holds/${hold.holdId}/confirmation`, {
          headers: { "x-hold-token": hold.holdToken },
        })
      ).json()) as { items: Array<{ reservationId: string }> };
      return post(`/api/booking${await manageLinkPath()}/reschedule`, {
        reservationId: present(view.items[0]).reservationId,
        date: "2026-11-27",
        startTime: "10:00",
      });
    },
  },
  {
    // The manage link is the credential: whoever holds it sees what a move would cost.
    route: "GET /api/booking/manage/:token/reschedule-quote",
    expected: everyone(200),
    call: async () => {
      const hold = await paidGuestHold();
      const view = (await (
        await t.request(`/api/booking/holds/${hold.holdId}/confirmation`, {
          headers: { "x-hold-token": hold.holdToken },
        })
      ).json()) as { items: Array<{ reservationId: string }> };
      const link = await t.request(`/api/booking/holds/${hold.holdId}/manage-link`, {
        method: "POST",
        ...jsonInit({ holdToken: hold.holdToken }),
      });
      const { path } = (await link.json()) as { path: string };
      const query = new URLSearchParams({
        reservationId: present(view.items[0]).reservationId,
        date: "2026-11-27",
        startTime: "10:00",
      });
      return get(`/api/booking${path}/reschedule-quote?${query}`);
    },
  },
  {
    route: "GET /api/admin/self-service-policy",
    expected: managers(200),
    call: () => get("/api/admin/self-service-policy"),
  },
  {
    route: "PUT /api/admin/self-service-policy",
    expected: managers(200),
    call: () =>
      put("/api/admin/self-service-policy", { enabled: false, hoursBefore: 24, refundPercent: 100 }),
  },
  {
    route: "GET /api/admin/rate-card",
    expected: managers(200),
    call: () => get("/api/admin/rate-card"),
  },
  {
    route: "PUT /api/admin/rate-card",
    expected: managers(200),
    call: () => put("/api/admin/rate-card", DEFAULT_RATE_CARD),
  },
  {
    route: "GET /api/admin/booking-rules",
    expected: managers(200),
    call: () => get("/api/admin/booking-rules"),
  },
  {
    route: "PUT /api/admin/booking-rules",
    expected: managers(200),
    call: () => put("/api/admin/booking-rules", DEFAULT_BOOKING_RULES),
  },
  {
    route: "GET /api/membership/benefits",
    expected: everyone(200),
    call: () => get("/api/membership/benefits"),
  },
  // Issue 32 item 3: the membership plans and comped memberships.
  {
    route: "GET /api/admin/membership-plans",
    expected: managers(200),
    call: () => get("/api/admin/membership-plans"),
  },
  {
    route: "PUT /api/admin/membership-plans",
    expected: managers(200),
    call: () => put("/api/admin/membership-plans", { plans: DEFAULT_MEMBERSHIP_PLANS }),
  },
  {
    route: "GET /api/membership/plans",
    expected: everyone(200),
    call: () => get("/api/membership/plans"),
  },
  {
    route: "POST /api/admin/members/comp",
    expected: managers(200),
    call: async () =>
      post("/api/admin/members/comp", { email: (await t.createGuestUser()).email, months: 1 }),
  },
  {
    route: "POST /api/admin/rate-card/preview",
    expected: managers(200),
    call: () =>
      post("/api/admin/rate-card/preview", {
        card: DEFAULT_RATE_CARD,
        facilityType: "court",
        date: "2026-11-23",
      }),
  },
  {
    route: "GET /api/admin/member-cancel-policy",
    expected: managers(200),
    call: () => get("/api/admin/member-cancel-policy"),
  },
  {
    route: "PUT /api/admin/member-cancel-policy",
    expected: managers(200),
    call: () => put("/api/admin/member-cancel-policy", { enabled: false }),
  },

  // ---- the payment provider's side ----
  {
    route: "POST /api/webhooks/stripe",
    // The permission is the provider's signature; no cookie makes a forged one count.
    expected: everyone(400),
    call: () => ({
      method: "POST",
      path: "/api/webhooks/stripe",
      json: { id: "evt_forged", type: "checkout.session.completed", data: { object: {} } },
      headers: { "stripe-signature": "t=1,v1=forged" },
    }),
  },
  {
    // Twilio's inbound texts (STOP): off without TWILIO_AUTH_TOKEN, whoever calls.
    route: "POST /api/webhooks/twilio/sms",
    expected: everyone(404),
    call: () => ({
      method: "POST",
      path: "/api/webhooks/twilio/sms",
      json: { From: "+15125550100", Body: "STOP" },
      headers: { "x-twilio-signature": "forged" },
    }),
  },
  {
    route: "GET /test-checkout/:sessionId",
    // The session id is the capability, as on Stripe's hosted page.
    expected: everyone(200),
    call: () => get(s.openCheckoutPath),
  },
  {
    route: "POST /test-checkout/:sessionId/pay",
    expected: everyone(303),
    call: async () => post(`${(await createHoldWithCheckout(t)).checkoutPath}/pay`),
  },
  {
    route: "POST /test-checkout/:sessionId/cancel",
    expected: everyone(303),
    call: async () => post(`${(await createHoldWithCheckout(t)).checkoutPath}/cancel`),
  },
  {
    route: "GET /test-billing/:token",
    // The signed link is the capability, as a Stripe billing portal session's address is.
    expected: everyone(200),
    call: async () => get(await billingLink()),
  },
  {
    route: "POST /test-billing/:token",
    expected: everyone(303),
    call: async () => {
      const form = new FormData();
      form.set("number", "4242 4242 4242 4242");
      form.set("expiry", "12/30");
      return { method: "POST", path: await billingLink(), form };
    },
  },

  // ---- files and the development mailbox (NODE_ENV=test; refused in production) ----
  { route: "GET /storage/events/:name", expected: everyone(200), call: () => get(s.photoPath) },
  { route: "GET /storage/venue/:name", expected: everyone(200), call: () => get(s.venueLogoPath) },
  { route: "GET /dev/mailbox", expected: everyone(200), call: () => get("/dev/mailbox") },
  {
    route: "GET /dev/mailbox/messages.json",
    expected: everyone(200),
    call: () => get("/dev/mailbox/messages.json"),
  },
  {
    route: "GET /dev/mailbox/:id{[0-9]+}",
    expected: everyone(200),
    call: () => get(`/dev/mailbox/${s.outboxId}`),
  },

  { route: "GET /dev/sms", expected: everyone(200), call: () => get("/dev/sms") },
  { route: "GET /dev/sms/messages.json", expected: everyone(200), call: () => get("/dev/sms/messages.json") },

  // ---- operations: off without METRICS_TOKEN, and no session (not even an admin's) opens it ----
  { route: "GET /metrics", expected: everyone(404), call: () => get("/metrics") },
];

function couponInput(code: string) {
  return { code, type: "percentage", value: 15, startDate: "2026-11-01", endDate: "2026-12-31" };
}

/**
 * Every route the app answers, as "METHOD /path", once each. `use()` middleware is listed by Hono
 * as method ALL on a wildcard path; it is not a route of its own.
 */
function appRoutes(app: App): string[] {
  const keys = app.routes
    .filter((r) => !(r.method === "ALL" && r.path.endsWith("*")))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}

const rowName = (row: Row) => (row.variant ? `${row.route} (${row.variant})` : row.route);

describe("authorization matrix (issue 7)", () => {
  it("has a row for every route on the app, and no row for a route that is gone", () => {
    const onApp = appRoutes(t.app);
    const inTable = new Set(ROWS.map((r) => r.route));
    const missing = onApp.filter((route) => !inTable.has(route));
    const gone = [...inTable].filter((route) => !onApp.includes(route));
    expect(missing, `routes with no row in the authorization matrix: ${missing.join(", ")}`).toEqual([]);
    expect(gone, `matrix rows for routes the app no longer has: ${gone.join(", ")}`).toEqual([]);
  });

  it("the frozen member's cookie names a live session, which the app ends when it sees the freeze", async () => {
    const frozenId = present(actors.frozen.user).id;
    const sessionsOf = () => t.db.select().from(sessions).where(eq(sessions.userId, frozenId));
    await actors.frozen.beforeRequest();
    expect(await sessionsOf()).toHaveLength(1);
    const response = await send(t, actors.frozen, get("/api/session"));
    expect(await response.json()).toEqual({ user: null });
    expect(await sessionsOf()).toEqual([]);
  });

  it.each(ROWS.map((row) => [rowName(row), row] as const))("%s", async (_name, row) => {
    const statuses = {} as Expected;
    const failures: string[] = [];
    for (const name of ACTOR_NAMES) {
      const actor = row.freshActor ? await createActor(t, name) : actors[name];
      const response = await send(t, actor, await row.call(actor));
      statuses[name] = response.status;
      if (response.status !== row.expected[name]) {
        failures.push(`${name}: ${response.status} ${(await response.text()).slice(0, 200)}`);
      }
    }
    expect(statuses, failures.join("\n")).toEqual(row.expected);
  });
});
