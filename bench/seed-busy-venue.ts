// Seeds a busy venue for `npm run bench`: the demo data, 2,000 members, 40 events in the next
// 14 days and about 70% of every court's and dart bay's open hours booked for those 14 days.
// Run as its own process (PGlite allows one process per data folder) with DATABASE_URL or DATA_DIR;
// prints one JSON line: what the bench needs to know about the data.

import { hashPassword } from "better-auth/crypto";
import { count, eq, sql } from "drizzle-orm";
import type { FacilityType } from "../src/domain/durations";
import { slotPrices } from "../src/domain/pricing";
import type { BusyInterval } from "../src/domain/slots";
import { addDaysToDate, minutesOf, timeOf, venueToday } from "../src/domain/venue-time";
import { openDatabase } from "../src/server/db/open-database";
import { events, reservations, users } from "../src/server/db/schema";
import { seedDatabase } from "../src/server/demo/seed";
import { loadSlotContext } from "../src/server/kernel/schedule/slot-context";
import { present } from "../src/server/lib/present";
import { loadRateCard } from "../src/server/settings/rate-card";

const DAYS = 14;
const MEMBERS = 2000;
const EVENTS = 40;
const TARGET_FILL = 0.7;
// The chance of leaving a free 30-minute step empty; tuned so the fill lands near TARGET_FILL.
const SKIP = 0.45;

/** A small seeded generator, so every bench run books the same pattern. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
  longStatements: true,
});
await database.migrate();
const db = database.db;
const now = new Date();
const today = venueToday(now);
const rand = random(20261122);

await seedDatabase(db, null, now);

// ---- 2,000 members: one password hash shared (hashing 2,000 passwords would take minutes) ----
const hash = await hashPassword("bench-member-password");
await db.execute(sql`
  with new_users as (
    insert into users (id, email, name, email_verified, first_name, last_name, is_member, membership_plan, next_billing_date)
    select 'bench-member-' || n, 'bench-member-' || n || '@example.test', 'Bench Member ' || n, true,
           'Bench', 'Member ' || n, true, case when n % 4 = 0 then 'annual' else 'monthly' end,
           now() + (n % 28 || ' days')::interval
    from generate_series(1, ${MEMBERS}) as n
    on conflict do nothing
    returning id
  )
  insert into accounts (id, account_id, provider_id, user_id, password)
  select 'bench-account-' || id, id, 'credential', id, ${hash} from new_users`);

// ---- 40 events in the next 14 days (the demo has a few; top up to 40), 2 hours on 1–2 courts ----
const [eventCount] = await db.select({ n: count() }).from(events);
const eventTypes = ["open_play", "league", "classes", "ladder", "tournament", "foodie"] as const;
for (let i = eventCount?.n ?? 0; i < EVENTS; i++) {
  const date = addDaysToDate(today, 1 + (i % DAYS));
  const startHour = 9 + Math.floor(rand() * 11);
  const courtsFree = await loadSlotContext(db, "court", date, now);
  const start = timeOf(startHour * 60);
  const endTime = timeOf(startHour * 60 + 120);
  const candidates = courtsFree.facilityIds.filter(
    (id) => !courtsFree.busy.some((b) => b.facilityId === id && b.startTime < endTime && start < b.endTime),
  );
  const type = present(eventTypes[i % eventTypes.length]);
  await db.insert(events).values({
    name: `Bench ${type.replace("_", " ")} #${i + 1}`,
    type,
    date,
    startTime: start,
    endTime,
    courts: type === "foodie" ? [] : candidates.slice(-1 - (i % 2)),
    maxParticipants: 16,
    memberPriceCents: 1000,
    nonMemberPriceCents: 1500,
    description: "Seeded by the benchmark.",
  });
}

// ---- about 70% of the open hours booked, around what is already there ----
const members = Array.from({ length: MEMBERS }, (_, i) => `bench-member-${i + 1}`);
let bookedMinutes = 0;
let openMinutes = 0;
const busiest = { date: today, minutes: -1 };
const card = await loadRateCard(db);
for (let d = 1; d <= DAYS; d++) {
  const date = addDaysToDate(today, d);
  let dayCourtMinutes = 0;
  for (const facilityType of ["court", "dart_bay"] as FacilityType[]) {
    const context = await loadSlotContext(db, facilityType, date, now);
    if (!context.hours) continue;
    const opens = minutesOf(context.hours.opensAt);
    const closes = minutesOf(context.hours.closesAt);
    const rows: Array<typeof reservations.$inferInsert> = [];
    for (const facilityId of context.facilityIds) {
      const busy = context.busy.filter((b) => b.facilityId === facilityId);
      const isFree = (from: number, to: number) =>
        !busy.some((b: BusyInterval) => minutesOf(b.startTime) < to && from < minutesOf(b.endTime));
      let minutes = busy.reduce((sum, b) => sum + minutesOf(b.endTime) - minutesOf(b.startTime), 0);
      // Walk the day in 30-minute steps; book a 60–120 minute block where it fits, sometimes leave a gap.
      for (let t = opens; t < closes; t += 30) {
        const duration = [60, 90, 120][Math.floor(rand() * 3)] ?? 60;
        if (t + duration > closes || !isFree(t, t + duration) || rand() < SKIP) continue;
        const startTime = timeOf(t);
        const endTime = timeOf(t + duration);
        const member = rand() < 0.5 ? members[Math.floor(rand() * members.length)] : undefined;
        const price = slotPrices(card, facilityType, date, startTime, duration);
        rows.push({
          date,
          facilityType,
          courtId: facilityType === "court" ? facilityId : null,
          dartBayId: facilityType === "dart_bay" ? facilityId : null,
          duration,
          startTime,
          endTime,
          priceCents: member ? price.memberPriceCents : price.nonMemberPriceCents,
          status: "confirmed",
          paymentStatus: "paid",
          isMember: Boolean(member),
          userId: member ?? null,
          customerName: member ? `Bench Member ${member.slice(13)}` : "Bench Guest",
          customerEmail: member ? `${member}@example.test` : "bench-guest@example.test",
          paymentId: `bench_payment_${date}_${facilityType}_${facilityId}_${t}`,
        });
        busy.push({ facilityId, startTime, endTime });
        minutes += duration;
        t += duration - 30;
      }
      bookedMinutes += minutes;
      openMinutes += closes - opens;
      if (facilityType === "court") dayCourtMinutes += minutes;
    }
    if (rows.length > 0) await db.insert(reservations).values(rows);
  }
  // The busiest day a guest can book (guests see 10 days ahead).
  if (d <= 10 && dayCourtMinutes > busiest.minutes)
    Object.assign(busiest, { date, minutes: dayCourtMinutes });
}

const [reservationCount] = await db.select({ n: count() }).from(reservations);
const [userCount] = await db.select({ n: count() }).from(users).where(eq(users.isMember, true));
await database.close();
console.log(
  JSON.stringify({
    today,
    busiestDate: busiest.date,
    fill: Math.round((bookedMinutes / openMinutes) * 1000) / 1000,
    targetFill: TARGET_FILL,
    reservations: reservationCount?.n ?? 0,
    members: userCount?.n ?? 0,
    events: EVENTS,
  }),
);
