import { count, eq } from "drizzle-orm";
import { DEFAULT_FACILITIES, DEFAULT_OPENING_HOURS } from "../../domain/facilities";
import { slotPrices } from "../../domain/pricing";
import { addDaysToDate, dayOfWeek, minutesOf, timeOf, venueToday } from "../../domain/venue-time";
import { createUserWithPassword } from "../auth/create-user";
import type { Db } from "../db/client";
import {
  couponCodes,
  courts,
  dartBays,
  eventRegistrations,
  events,
  operatingHours,
  payments,
  reservations,
  users,
} from "../db/schema";
import { present } from "../lib/present";
import { loadRateCard } from "../settings/rate-card";

// Demo data for the invented venue. Idempotent: facilities, hours, users and coupons are upserted by
// their natural keys; reservations and events are added only while those tables are empty.

export const DEMO_USERS = [
  {
    role: "admin (also a member)",
    email: "admin@backspin-social.example",
    password: "demo-admin-2026",
    firstName: "Alex",
    lastName: "Rivera",
    isAdmin: true,
    isMember: true,
    isFrozen: false,
  },
  {
    role: "member",
    email: "member@backspin-social.example",
    password: "demo-member-2026",
    firstName: "Morgan",
    lastName: "Lee",
    isAdmin: false,
    isMember: true,
    isFrozen: false,
  },
  {
    role: "frozen member",
    email: "frozen@backspin-social.example",
    password: "demo-frozen-2026",
    firstName: "Frankie",
    lastName: "Stone",
    isAdmin: false,
    isMember: true,
    isFrozen: true,
  },
] as const;

/**
 * No account yet: a database nobody has used (the demo seeds into it). Courts, bays and hours do
 * not tell, since every new database starts with the spec's (migration 0027).
 */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Courts 1–8, dart bays 1–4 and the opening hours, where missing: what every booking needs, without
 * demo people. A new database has them already (migration 0027); the demo and tests make sure.
 */
export async function seedFacilities(db: Db): Promise<void> {
  await db
    .insert(courts)
    .values(DEFAULT_FACILITIES.court.map((name, i) => ({ id: i + 1, name, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(dartBays)
    .values(DEFAULT_FACILITIES.dart_bay.map((name, i) => ({ id: i + 1, name, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(operatingHours)
    .values(DEFAULT_OPENING_HOURS.map(([dayOfWeek, opensAt, closesAt]) => ({ dayOfWeek, opensAt, closesAt })))
    .onConflictDoNothing();
}

export async function seedDatabase(db: Db, _auth: unknown, now: Date): Promise<string[]> {
  const today = venueToday(now);
  await seedFacilities(db);

  const ids: Record<string, string> = {};
  for (const u of DEMO_USERS) {
    const existing = await db.query.users.findFirst({ where: eq(users.email, u.email) });
    const user =
      existing ??
      (await createUserWithPassword(db, {
        email: u.email,
        password: u.password,
        firstName: u.firstName,
        lastName: u.lastName,
        phone: "+15125550100",
        staffRole: u.isAdmin ? "owner" : null,
        isMember: u.isMember,
        isFrozen: u.isFrozen,
        membershipPlan: u.isMember ? "monthly" : null,
        nextBillingDate: new Date(now.getTime() + 20 * 24 * 3600_000),
        // A customer of the built-in test checkout, so the membership page shows a card and an
        // invoice (issue 34; with Stripe configured, Stripe does not know it and says so).
        stripeCustomerId: u.isMember ? demoCustomerId(u.email) : null,
      }));
    ids[u.role] = user.id;
    if (!existing && u.isMember) await seedMembershipPayment(db, demoCustomerId(u.email), now);
  }

  await seedCoupons(db, today);
  const [r] = await db.select({ n: count() }).from(reservations);
  if ((r?.n ?? 0) === 0) await seedReservations(db, today, ids);
  const [e] = await db.select({ n: count() }).from(events);
  if ((e?.n ?? 0) === 0) await seedEvents(db, today, ids);

  return [
    "Demo accounts (demo only — change or remove them before real use):",
    ...DEMO_USERS.map((u) => `  ${u.role.padEnd(22)} ${u.email}  /  ${u.password}`),
  ];
}

/** "cus_test_demo_member": the demo members' customers of the test checkout (removed with the demo). */
export const demoCustomerId = (email: string) => `cus_test_demo_${email.split("@")[0]}`;

/** The demo member's first month, as the test checkout would have recorded it 10 days ago. */
async function seedMembershipPayment(db: Db, customerId: string, now: Date) {
  const paidAt = new Date(now.getTime() - 10 * 24 * 3600_000);
  await db.insert(payments).values({
    provider: "test",
    purpose: "membership",
    providerCustomerId: customerId,
    amountCents: 7900,
    state: "completed",
    createdAt: paidAt,
    updatedAt: paidAt,
  });
}

async function seedCoupons(db: Db, today: string) {
  const year = addDaysToDate(today, 365);
  await db
    .insert(couponCodes)
    .values([
      {
        code: "WELCOME10",
        description: "10% off your first booking",
        type: "percentage",
        value: "10",
        startDate: addDaysToDate(today, -30),
        endDate: year,
      },
      {
        code: "FIVEOFF",
        description: "$5 off orders of $20 or more",
        type: "fixed_amount",
        value: "5",
        startDate: addDaysToDate(today, -30),
        endDate: year,
        minPurchaseCents: 2000,
        maxUses: 100,
        currentUses: 3,
      },
      {
        code: "SUMMER25",
        description: "Summer promotion (ended)",
        type: "percentage",
        value: "25",
        startDate: addDaysToDate(today, -120),
        endDate: addDaysToDate(today, -30),
      },
      {
        code: "PAUSED15",
        description: "Paused by staff",
        type: "percentage",
        value: "15",
        startDate: addDaysToDate(today, -10),
        endDate: year,
        isActive: false,
      },
      {
        code: "LAUNCH50",
        description: "Launch day giveaway (all used)",
        type: "fixed_amount",
        value: "50",
        startDate: addDaysToDate(today, -60),
        endDate: year,
        maxUses: 5,
        currentUses: 5,
      },
    ])
    .onConflictDoNothing();
}

type Ids = Record<string, string>;

const end = (start: string, minutes: number) => timeOf(minutesOf(start) + minutes);

async function seedReservations(db: Db, today: string, ids: Ids) {
  // Sold at the venue's own prices, like any booking (the spec's, unless staff changed them).
  const card = await loadRateCard(db);
  const rows: Array<typeof reservations.$inferInsert> = [];
  const guests = [
    "Jordan Park",
    "Casey Nguyen",
    "Riley Brooks",
    "Sam Patel",
    "Taylor Kim",
    "Jamie Ortiz",
    "Drew Carter",
  ];
  let n = 0;
  for (let d = 1; d <= 14; d++) {
    const date = addDaysToDate(today, d);
    const weekday = dayOfWeek(date);
    const paid: Array<["court" | "dart_bay", number, string, number]> = [
      ["court", 1, "11:00", 90],
      ["court", 2, "17:00", 60],
      ["court", 3, "18:00", 120],
      ["dart_bay", 1, "19:00", 60],
    ];
    for (const [type, facility, start, duration] of paid) {
      const name = present(guests[n++ % guests.length]);
      const price = slotPrices(card, type, date, start, duration).nonMemberPriceCents;
      rows.push({
        date,
        facilityType: type,
        courtId: type === "court" ? facility : null,
        dartBayId: type === "dart_bay" ? facility : null,
        duration,
        startTime: start,
        endTime: end(start, duration),
        priceCents: price,
        status: "confirmed",
        paymentStatus: "paid",
        manualPaymentStatus: "paid",
        customerName: name,
        customerEmail: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
        paymentId: `demo_payment_${n}`,
      });
    }
    // Admin-created desk booking (DECISIONS.md: confirmed, paid, manual_payment_status unpaid, price 0).
    rows.push({
      date,
      facilityType: "court",
      courtId: 5,
      duration: 60,
      startTime: "12:00",
      endTime: "13:00",
      priceCents: 0,
      status: "confirmed",
      paymentStatus: "paid",
      manualPaymentStatus: "unpaid",
      customerName: "Walk-in: Pat Morgan",
      isAdminCreated: true,
    });
    // One free member booking a week (Tuesdays), within the free-booking rules (Mon–Thu before 15:30).
    if (weekday === 2) {
      rows.push({
        date,
        facilityType: "court",
        courtId: 4,
        duration: 120,
        startTime: "10:00",
        endTime: "12:00",
        priceCents: 0,
        status: "confirmed",
        paymentStatus: "paid",
        manualPaymentStatus: "paid",
        isMember: true,
        isFreeMemberBooking: true,
        customerName: "Morgan Lee",
        customerEmail: "member@backspin-social.example",
        userId: ids.member,
      });
    }
  }
  await db.insert(reservations).values(rows);
}

/** The first date after today that falls on `weekday` (0 Sunday … 6 Saturday), within a week. */
export function nextWeekday(today: string, weekday: number): string {
  const ahead = (weekday - dayOfWeek(today) + 7) % 7 || 7;
  return addDaysToDate(today, ahead);
}

/** The demo's events carry the app's own picture of their type (public/files/events; issue 34). */
const demoEventPicture = (type: string) => `/files/events/${type.replace("_", "-")}.svg`;

async function seedEvents(db: Db, today: string, ids: Ids) {
  const day = (n: number) => addDaysToDate(today, n);
  // An event named for a weekday is on that weekday (issue 34: "Tuesday Night Open Play" fell on
  // whatever day the demo was seeded plus two).
  const TUESDAY = 2;
  const THURSDAY = 4;
  const inserted = await db
    .insert(events)
    .values([
      {
        name: "Tuesday Night Open Play",
        type: "open_play",
        photoUrl: demoEventPicture("open_play"),
        date: nextWeekday(today, TUESDAY),
        startTime: "18:00",
        endTime: "20:00",
        courts: [6, 7],
        maxParticipants: 16,
        memberPriceCents: 0,
        nonMemberPriceCents: 1000,
        description: "Drop in and rotate through games with players of every level.",
      },
      {
        name: "Beginner Pickleball Clinic",
        type: "classes",
        photoUrl: demoEventPicture("classes"),
        date: day(3),
        startTime: "10:00",
        endTime: "11:30",
        courts: [7],
        maxParticipants: 10,
        memberPriceCents: 1500,
        nonMemberPriceCents: 2000,
        description: "Rules, scoring and the basic strokes, with paddles provided.",
      },
      {
        name: "Thursday Night League",
        type: "league",
        photoUrl: demoEventPicture("league"),
        date: nextWeekday(today, THURSDAY),
        startTime: "19:00",
        endTime: "21:00",
        courts: [8],
        maxParticipants: 8,
        memberPriceCents: 4000,
        nonMemberPriceCents: 5000,
        description: "Eight-week doubles league; this is week one.",
      },
      {
        name: "Wine & Darts Social",
        type: "foodie",
        photoUrl: demoEventPicture("foodie"),
        date: day(5),
        startTime: "19:00",
        endTime: "21:00",
        courts: [],
        maxParticipants: 30,
        memberPriceCents: 3000,
        nonMemberPriceCents: 4000,
        description: "A tasting flight, small plates and friendly darts in the lounge.",
      },
      {
        name: "King of the Court Ladder",
        type: "ladder",
        photoUrl: demoEventPicture("ladder"),
        date: day(6),
        startTime: "17:00",
        endTime: "19:00",
        courts: [6],
        maxParticipants: 4,
        memberPriceCents: 1000,
        nonMemberPriceCents: 1500,
        description: "Win and move up a court.",
      },
      {
        name: "Fall Doubles Tournament",
        type: "tournament",
        photoUrl: demoEventPicture("tournament"),
        date: day(9),
        startTime: "09:00",
        endTime: "13:00",
        courts: [6, 7, 8],
        maxParticipants: 12,
        memberPriceCents: 2500,
        nonMemberPriceCents: 3500,
        isPartnered: true,
        skillLevels: ["3.0", "3.5", "4.0+"],
        description: "Round robin into a single-elimination bracket. Register with your partner.",
      },
      {
        name: "Free Community Open Play",
        type: "open_play",
        photoUrl: demoEventPicture("open_play"),
        date: day(12),
        startTime: "10:00",
        endTime: "12:00",
        courts: [8],
        maxParticipants: 20,
        memberPriceCents: 0,
        nonMemberPriceCents: 0,
        description: "On the house: bring a friend who has never played.",
      },
      {
        name: "Private Corporate Mixer",
        type: "open_play",
        photoUrl: demoEventPicture("open_play"),
        date: day(15),
        startTime: "18:00",
        endTime: "21:00",
        courts: [6, 7, 8],
        maxParticipants: 24,
        memberPriceCents: 0,
        nonMemberPriceCents: 0,
        isPrivate: true,
        hideParticipants: true,
        description: "Private booking for a company team night.",
      },
      {
        name: "Advanced Drills Class",
        type: "classes",
        photoUrl: demoEventPicture("classes"),
        date: day(20),
        startTime: "17:30",
        endTime: "19:00",
        courts: [7],
        maxParticipants: 8,
        memberPriceCents: 2000,
        nonMemberPriceCents: 2500,
        skillLevels: ["3.5", "4.0+"],
        description: "Third-shot drops, resets and hands battles.",
      },
      {
        name: "Monthly Mixed League",
        type: "league",
        photoUrl: demoEventPicture("league"),
        date: day(25),
        startTime: "19:00",
        endTime: "21:00",
        courts: [1, 2],
        maxParticipants: 16,
        memberPriceCents: 1500,
        nonMemberPriceCents: 2000,
        description: "One night a month, new partners every round.",
      },
    ])
    .returning({ id: events.id, name: events.name });
  const byName = new Map(inserted.map((e) => [e.name, e.id]));
  const reg = (
    eventName: string,
    customerName: string,
    extra: Partial<typeof eventRegistrations.$inferInsert> = {},
  ) => ({
    eventId: present(byName.get(eventName), `event ${eventName}`),
    customerName,
    customerEmail: `${customerName.split(" ")[0]?.toLowerCase()}@example.com`,
    status: "confirmed",
    paymentStatus: "paid",
    paymentId: `demo_event_payment_${customerName.replace(/\s/g, "_").toLowerCase()}`,
    ...extra,
  });
  await db.insert(eventRegistrations).values([
    reg("King of the Court Ladder", "Jordan Park"),
    reg("King of the Court Ladder", "Casey Nguyen"),
    reg("King of the Court Ladder", "Riley Brooks"),
    reg("King of the Court Ladder", "Morgan Lee", {
      userId: ids.member,
      isMember: true,
      customerEmail: "member@backspin-social.example",
    }),
    reg("Fall Doubles Tournament", "Sam Patel", {
      playerNames: "Sam Patel\nChris Duval",
      skillLevel: "3.5",
    }),
    reg("Fall Doubles Tournament", "Taylor Kim", {
      playerNames: "Taylor Kim\nAva Romero",
      skillLevel: "4.0+",
    }),
    reg("Tuesday Night Open Play", "Jamie Ortiz"),
    reg("Thursday Night League", "Drew Carter"),
    reg("Tuesday Night Open Play", "Morgan Lee", {
      userId: ids.member,
      isMember: true,
      customerEmail: "member@backspin-social.example",
      paymentId: null,
    }),
  ]);
}
