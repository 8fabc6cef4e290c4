import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createHoldOk,
  holdBody,
  item,
  MONDAY,
  NOW,
  SATURDAY,
} from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { AvailabilityResponse, BookingContext } from "../../contracts/booking";
import { events, reservations } from "../db/schema";

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

async function slots(
  query: string,
  client: { get(path: string): Promise<Response> } = t.client(),
): Promise<AvailabilityResponse> {
  const response = await client.get(`/api/booking/availability?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AvailabilityResponse;
}

const slotAt = (body: AvailabilityResponse, start: string) => {
  const slot = body.slots.find((s) => s.startTime === start);
  if (!slot) throw new Error(`no slot at ${start}`);
  return slot;
};

describe("GET /api/booking/availability prices (SPEC §9 tables)", () => {
  it.each([
    // weekday, by start time: before listed / prorated across 17:00 / from 17:00
    [MONDAY, 60, "10:00", 2000, 2500],
    [MONDAY, 60, "16:00", 2000, 2500],
    [MONDAY, 60, "16:30", 3000, 3500],
    [MONDAY, 90, "16:00", 4000, 4750],
    [MONDAY, 90, "17:00", 6000, 6750],
    [MONDAY, 120, "16:30", 7000, 8000],
    [MONDAY, 150, "15:00", 6000, 7250],
    [MONDAY, 180, "14:30", 7000, 8500],
    [MONDAY, 180, "18:00", 12000, 13500],
    // weekend: flat whatever the start
    [SATURDAY, 60, "09:00", 4000, 4500],
    [SATURDAY, 90, "13:30", 6000, 6750],
    [SATURDAY, 150, "18:00", 10000, 11250],
  ])(
    "court %s %i min at %s: member %i / non-member %i cents",
    async (date, duration, start, member, guest) => {
      const body = await slots(`facilityType=court&date=${date}&duration=${duration}`);
      const slot = slotAt(body, start);
      expect(slot.memberPriceCents).toBe(member);
      expect(slot.nonMemberPriceCents).toBe(guest);
      expect(slot.priceCents).toBe(guest);
      expect(body.isMemberPricing).toBe(false);
    },
  );

  it("dart bays cost 15 per half hour for everyone", async () => {
    const body = await slots(`facilityType=dart_bay&date=${MONDAY}&duration=90`);
    expect(slotAt(body, "19:00")).toMatchObject({ memberPriceCents: 4500, nonMemberPriceCents: 4500 });
  });

  it("a member pays member prices; an admin-member may ask for non-member prices", async () => {
    const member = await t.createMember();
    const memberClient = await t.signIn(member.email, member.password);
    const mine = await slots(`facilityType=court&date=${MONDAY}&duration=90`, memberClient);
    expect(mine.isMemberPricing).toBe(true);
    expect(slotAt(mine, "17:00").priceCents).toBe(6000);

    const adminMember = await t.createAdmin({ isMember: true });
    const admin = await t.signIn(adminMember.email, adminMember.password);
    const toggled = await slots(`facilityType=court&date=${MONDAY}&duration=90&nonMemberPricing=true`, admin);
    expect(toggled.isMemberPricing).toBe(false);
    expect(slotAt(toggled, "17:00").priceCents).toBe(6750);
    // The toggle is an admin's: a plain member asking for it still pays member prices.
    const ignored = await slots(
      `facilityType=court&date=${MONDAY}&duration=90&nonMemberPricing=true`,
      memberClient,
    );
    expect(slotAt(ignored, "17:00").priceCents).toBe(6000);
  });
});

describe("GET /api/booking/availability slots", () => {
  it("lists every 30 minutes from opening, with display times, until the end fits before closing", async () => {
    const body = await slots(`facilityType=court&date=${MONDAY}&duration=90`);
    expect(body.slots[0]).toMatchObject({
      startTime: "09:00",
      endTime: "10:30",
      displayTime: "9:00 AM - 10:30 AM",
    });
    expect(body.slots.at(-1)).toMatchObject({ startTime: "19:30", endTime: "21:00" });
    expect(body.slots.every((s) => s.availableFacilities === 8 && s.isAvailable)).toBe(true);
  });

  it("skips today's slots that have started (venue time)", async () => {
    const body = await slots(`facilityType=court&date=2026-11-18&duration=60`);
    expect(body.slots[0]?.startTime).toBe("09:30"); // 9:00 AM now: 9:00 itself is skipped
  });

  it("counts confirmed reservations, running holds and events, but not ended holds", async () => {
    const date = "2026-11-24";
    await t.db.insert(reservations).values({
      date,
      facilityType: "court",
      courtId: 1,
      duration: 60,
      startTime: "12:00",
      endTime: "13:00",
      priceCents: 2500,
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Walk-in",
    });
    await t.db.insert(events).values({
      name: "Clinic",
      type: "classes",
      date,
      startTime: "12:30",
      endTime: "14:00",
      courts: [2, 3],
    });
    await createHoldOk(t.client(), holdBody({ items: [item({ date, startTime: "12:00", duration: 60 })] }));
    // An expired pending hold blocks nothing, even before the sweeper runs.
    await t.db.insert(reservations).values({
      date,
      facilityType: "court",
      courtId: 8,
      duration: 60,
      startTime: "12:00",
      endTime: "13:00",
      priceCents: 2500,
      status: "pending",
      paymentStatus: "pending",
      customerName: "Gone",
      holdExpiresAt: new Date(NOW.getTime() - 1000),
    });
    const body = await slots(`facilityType=court&date=${date}&duration=60`);
    // court 1 (reservation), 2 and 3 (event), and one court held by the new hold
    expect(slotAt(body, "12:00").availableFacilities).toBe(4);
    expect(slotAt(body, "13:00").availableFacilities).toBe(6); // the event still holds 2 and 3
    expect(slotAt(body, "14:00").availableFacilities).toBe(8);
  });

  it("rejects an unknown duration and dates outside the window, with the spec's messages", async () => {
    const guest = t.client();
    const bad = await guest.get(`/api/booking/availability?facilityType=court&date=${MONDAY}&duration=30`);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Please choose a valid duration");

    const far = await guest.get(`/api/booking/availability?facilityType=court&date=2026-11-29&duration=60`);
    expect(far.status).toBe(400);
    expect(await far.json()).toMatchObject({
      error: { message: "You can only book up to 10 days in advance", details: { resetTo: "2026-11-28" } },
    });
    const past = await guest.get(`/api/booking/availability?facilityType=court&date=2026-11-17&duration=60`);
    expect((await errorOf(past)).message).toBe("You cannot book for past days");

    const member = await t.createMember();
    const memberClient = await t.signIn(member.email, member.password);
    const ok = await memberClient.get(
      `/api/booking/availability?facilityType=court&date=2026-12-02&duration=60`,
    );
    expect(ok.status).toBe(200);
    const tooFar = await memberClient.get(
      `/api/booking/availability?facilityType=court&date=2026-12-03&duration=60`,
    );
    expect((await errorOf(tooFar)).message).toBe("You can only book up to 14 days in advance");
  });
});

describe("GET /api/booking/context", () => {
  it("tells a guest, a member and an admin booking for a member what applies", async () => {
    const guest = (await (await t.client().get("/api/booking/context")).json()) as BookingContext;
    expect(guest).toMatchObject({
      today: "2026-11-18",
      maxDate: "2026-11-28",
      horizonDays: 10,
      isMember: false,
      canUseNonMemberPricing: false,
      bookingFor: null,
      durations: { court: [60, 90, 120, 150, 180], dart_bay: [30, 60, 90, 120, 150, 180] },
      defaultDurations: { court: 60, dart_bay: 30 },
      holdMinutes: 15,
      paymentProvider: "test",
      onlinePayment: { available: true, phone: "(512) 555-0142" },
    });

    const member = await t.createMember({ firstName: "Morgan" });
    const admin = await t.createAdmin();
    const adminClient = await t.signIn(admin.email, admin.password);
    const forMember = (await (
      await adminClient.get(`/api/booking/context?member=${member.id}`)
    ).json()) as BookingContext;
    expect(forMember).toMatchObject({
      maxDate: "2026-12-02",
      isMember: true,
      bookingFor: { id: member.id, firstName: "Morgan", email: member.email },
    });

    const memberClient = await t.signIn(member.email, member.password);
    const refused = await memberClient.get(`/api/booking/context?member=${admin.id}`);
    expect(refused.status).toBe(403);
    const anonymous = await t.client().get(`/api/booking/context?member=${member.id}`);
    expect(anonymous.status).toBe(401);
  });
});
