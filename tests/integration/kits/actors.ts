import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CreateHoldResponse } from "../../../src/contracts/booking-holds";
import type { RegistrationResponse } from "../../../src/contracts/events";
import { events, reservations, sessions, users } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { holdBody, item } from "./booking-test-kit";
import { registrationBody } from "./events-test-kit";
import type { TestApp, TestUser } from "./harness";
import { visitorAddress } from "./test-client";

// The callers of the hardening suite (issue 7; the three staff roles: issue 33), and one way to send
// a request as any of them.
// Requests go through app.request with the actor's cookie and the site's own Origin, as the browser
// would send them; answers never change the actor's cookie, so one call cannot sign an actor out
// for the next.

export const ACTOR_NAMES = [
  "anonymous",
  "holdGuest",
  "member",
  "otherMember",
  "frozen",
  "frontDesk",
  "manager",
  "owner",
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

export type Actor = {
  name: ActorName;
  /** The account behind the cookie; null for the two guests. */
  user: TestUser | null;
  cookie: string | null;
  /** Runs before each request (the frozen member's session is put back: the app ends it on sight). */
  beforeRequest: () => Promise<void>;
};

export type Call = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
};

export const SITE_ORIGIN = "http://localhost:3000";

const nothing = async () => {};

/**
 * - anonymous: a visitor with no cookie and nothing else.
 * - holdGuest: also no cookie, but the browser that created the hold or registration a test is
 *   about, so it has that hold's token (the tests pass the token; see tokenFor below).
 * - member, otherMember: two signed-in members.
 * - frozen: a member signed in before staff froze the account; the cookie is still sent.
 * - frontDesk, manager, owner: signed-in staff of each role (not members).
 */
export async function createActor(t: TestApp, name: ActorName): Promise<Actor> {
  switch (name) {
    case "anonymous":
    case "holdGuest":
      return { name, user: null, cookie: null, beforeRequest: nothing };
    case "member":
    case "otherMember":
      return signedIn(t, name, await t.createMember({ firstName: name }));
    case "frontDesk":
      return signedIn(t, name, await t.createAdmin({ firstName: "Desk", staffRole: "front_desk" }));
    case "manager":
      return signedIn(t, name, await t.createAdmin({ firstName: "Manager", staffRole: "manager" }));
    case "owner":
      return signedIn(t, name, await t.createAdmin({ firstName: "Owner", staffRole: "owner" }));
    case "frozen":
      return frozenMember(t);
  }
}

export async function createActors(t: TestApp): Promise<Record<ActorName, Actor>> {
  const entries: Array<[ActorName, Actor]> = [];
  for (const name of ACTOR_NAMES) entries.push([name, await createActor(t, name)]);
  return Object.fromEntries(entries) as Record<ActorName, Actor>;
}

/** An actor signed in as `user` (any account a test made). */
export async function signedIn(t: TestApp, name: ActorName, user: TestUser): Promise<Actor> {
  const client = await t.signIn(user.email, user.password);
  return { name, user, cookie: client.cookieHeader, beforeRequest: nothing };
}

async function frozenMember(t: TestApp): Promise<Actor> {
  const user = await t.createMember({ firstName: "Frozen" });
  const client = await t.signIn(user.email, user.password);
  const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  if (!session) throw new Error("the frozen member's session was not stored");
  await t.db.update(users).set({ isFrozen: true }).where(eq(users.id, user.id));
  return {
    name: "frozen",
    user: { ...user, isFrozen: true },
    cookie: client.cookieHeader,
    // Every call finds the session still there, so each one goes through the freeze check itself.
    beforeRequest: async () => {
      await t.db.insert(sessions).values(session).onConflictDoNothing();
    },
  };
}

export async function send(t: TestApp, actor: Actor, call: Call): Promise<Response> {
  await actor.beforeRequest();
  const headers = new Headers(call.headers);
  if (actor.cookie) headers.set("cookie", actor.cookie);
  if (call.method !== "GET") headers.set("origin", SITE_ORIGIN);
  // Each fixture request is a visitor of its own address, as the limits against hoarding count.
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", visitorAddress());
  let body: BodyInit | undefined;
  if (call.form) body = call.form;
  else if (call.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(call.json);
  }
  return t.app.request(call.path, { method: call.method, headers, body });
}

/** A well-formed token that opens nothing: what a browser without the real token can send. */
export const FORGED_TOKEN = "forged-token-0123456789abcdefghijklmnopqrstuv";

/** The hold (or registration) token this actor has: only the guest who made it holds the real one. */
export const tokenFor = (actor: Actor, realToken: string) =>
  actor.name === "holdGuest" ? realToken : FORGED_TOKEN;

// ---- things the actors own, made through the API where that is how they come to exist ----

/** Today (Wed 18 Nov 2026, the clock is 9:00 AM) up to the guests' last day, Sat 28 Nov. */
const HOLD_DATES = Array.from({ length: 11 }, (_, i) => `2026-11-${String(18 + i).padStart(2, "0")}`);
const HOLD_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
const SUNDAY = "2026-11-22"; // opens at 10:30
const closed = (date: string, hour: number) =>
  (date === SUNDAY && hour < 11) || (date === HOLD_DATES[0] && hour === 9); // Sunday's morning; 9:00 is now
const SLOTS = HOLD_DATES.flatMap((date) =>
  HOLD_HOURS.filter((hour) => !closed(date, hour)).map((hour) => ({
    date,
    startTime: `${String(hour).padStart(2, "0")}:00`,
    endTime: `${String(hour + 1).padStart(2, "0")}:00`,
  })),
);
let slotCount = 0;

/**
 * A one-hour court slot nobody else in this file has taken yet, inside the guests' 10-day window.
 * Courts 7 and 8 are left to direct inserts and moves: holds take the lowest-numbered free court.
 */
export function nextSlot(): { date: string; startTime: string; endTime: string } {
  const slot = SLOTS[slotCount++];
  if (!slot) throw new Error("the hardening tests ran out of slots");
  return slot;
}

let decemberDay = 0;
/** A date in December 2026, a new one each call: for events, clear of every hold. */
export function nextDecemberDate(): string {
  decemberDay += 1;
  if (decemberDay > 31) throw new Error("the hardening tests ran out of December dates");
  return `2026-12-${String(decemberDay).padStart(2, "0")}`;
}

let uniqueCount = 0;
export const uniqueLabel = (prefix: string) => `${prefix}${++uniqueCount}${randomBytes(2).toString("hex")}`;

/** The browser that makes a guest hold or registration in a fixture. */
const GUEST_BROWSER: Actor = { name: "holdGuest", user: null, cookie: null, beforeRequest: nothing };

async function created<T>(response: Response, what: string, status = 201): Promise<T> {
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** "Continue to Payment" by a guest (or by `actor`) for one fresh court hour: the hold and its token. */
export async function createHold(t: TestApp, actor: Actor = GUEST_BROWSER, slot = nextSlot()) {
  const body = holdBody({ items: [item({ date: slot.date, startTime: slot.startTime, duration: 60 })] });
  const response = await send(t, actor, { method: "POST", path: "/api/booking/holds", json: body });
  return created<CreateHoldResponse>(response, "creating a hold");
}

/** A hold with an open test-checkout session: its path is /test-checkout/{sessionId}. */
export async function createHoldWithCheckout(t: TestApp) {
  const hold = await createHold(t);
  const response = await send(t, GUEST_BROWSER, {
    method: "POST",
    path: `/api/booking/holds/${hold.holdId}/checkout`,
    json: { holdToken: hold.holdToken },
  });
  const checkout = await created<{ url: string; sessionId: string }>(response, "checkout", 200);
  return { hold, checkoutPath: new URL(checkout.url, SITE_ORIGIN).pathname, sessionId: checkout.sessionId };
}

/** A registration by a guest (or by `actor`); pending with a token when the event has a price. */
export async function register(t: TestApp, eventId: string, actor: Actor = GUEST_BROWSER) {
  const response = await send(t, actor, {
    method: "POST",
    path: `/api/events/${eventId}/registrations`,
    json: registrationBody(),
  });
  return created<RegistrationResponse>(response, "registering");
}

/** An event row inserted directly, on no court (so it blocks no booking), far from full. */
export async function insertEvent(t: TestApp, overrides: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(events)
    .values({
      name: uniqueLabel("Event "),
      type: "open_play",
      date: "2026-11-23",
      startTime: "18:00",
      endTime: "20:00",
      courts: [],
      maxParticipants: 1000,
      memberPriceCents: 1000,
      nonMemberPriceCents: 1500,
      ...overrides,
    })
    .returning();
  return present(row);
}

/** A confirmed, paid court reservation inserted directly (on court 7 unless told). */
export async function insertReservation(
  t: TestApp,
  overrides: Partial<typeof reservations.$inferInsert> = {},
  slot = nextSlot(),
) {
  const [row] = await t.db
    .insert(reservations)
    .values({
      ...slot,
      facilityType: "court",
      courtId: 7,
      duration: 60,
      priceCents: 4500,
      status: "confirmed",
      paymentStatus: "paid",
      manualPaymentStatus: "unpaid",
      customerName: "Someone Booked",
      customerEmail: "booked@example.test",
      ...overrides,
    })
    .returning();
  return present(row);
}
