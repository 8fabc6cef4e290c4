import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdBody, item, MONDAY, NOW } from "../kits/booking-test-kit";
import { createTestApp, type TestApp, type TestClient, testClock } from "../kits/harness";
import { paidBookingWithLink, setSelfServicePolicy } from "../kits/manage-kit";

// ISSUE 30 item 4: a reschedule to "2026-02-30", "25:00" or "99:99" answered 500 (3 of 845 fuzzed
// requests). Every endpoint that takes a date or a time reads it with one shared parser: an
// impossible one is a 400 that names the field, and nothing changes.

const clock = testClock(NOW);
let t: TestApp;
let admin: TestClient;
let member: TestClient;
let manage: { token: string; reservationId: string };

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  const staff = await t.createAdmin();
  admin = await t.signIn(staff.email, staff.password);
  const m = await t.createMember();
  member = await t.signIn(m.email, m.password);
  await setSelfServicePolicy(admin, { enabled: true, hoursBefore: 24, refundPercent: 100 });
  const booking = await paidBookingWithLink(t, { date: MONDAY, startTime: "17:00" });
  manage = { token: booking.token, reservationId: booking.item.reservationId };
}, 60_000);
afterAll(() => t?.close());

const IMPOSSIBLE_DATES = ["2026-02-30", "2026-13-01", "2026-00-10", "2025-02-29"];
const IMPOSSIBLE_TIMES = ["25:00", "99:99", "12:60", "24:00"];

type Probe = { name: string; send: (value: string) => Response | Promise<Response>; field: string };

const dateProbes = (): Probe[] => [
  {
    name: "GET /api/booking/availability",
    field: "date",
    send: (d) => t.request(`/api/booking/availability?facilityType=court&date=${d}&duration=60`),
  },
  {
    name: "POST /api/booking/quote",
    field: "date",
    send: (d) => t.client().post("/api/booking/quote", { items: [item({ date: d })] }),
  },
  {
    name: "POST /api/booking/holds",
    field: "date",
    send: (d) => t.client().post("/api/booking/holds", holdBody({ items: [item({ date: d })] })),
  },
  {
    name: "POST /api/booking/manage/{token}/reschedule",
    field: "date",
    send: (d) =>
      t.client().post(`/api/booking/manage/${manage.token}/reschedule`, {
        reservationId: manage.reservationId,
        date: d,
        startTime: "10:00",
      }),
  },
  {
    name: "POST /api/court-alerts",
    field: "date",
    send: (d) =>
      t.client().post("/api/court-alerts", {
        facilityType: "court",
        date: d,
        startTime: "10:00",
        duration: 60,
        email: "alert@example.test",
      }),
  },
  {
    name: "GET /api/membership/free-reservations",
    field: "date",
    send: (d) => member.get(`/api/membership/free-reservations?date=${d}`),
  },
  {
    name: "POST /api/membership/free-reservations",
    field: "date",
    send: (d) => member.post("/api/membership/free-reservations", { date: d, startTime: "10:00" }),
  },
  {
    name: "GET /api/admin/day",
    field: "date",
    send: (d) => admin.get(`/api/admin/day?date=${d}&facilityType=court`),
  },
  {
    name: "GET /api/admin/available-facilities",
    field: "date",
    send: (d) =>
      admin.get(`/api/admin/available-facilities?date=${d}&facilityType=court&startTime=10:00&duration=60`),
  },
  {
    name: "POST /api/admin/reservations",
    field: "date",
    send: (d) =>
      admin.post("/api/admin/reservations", {
        facilityType: "court",
        date: d,
        customerName: "Walk In",
        startTime: "10:00",
        duration: 60,
        facilityIds: [1],
      }),
  },
  {
    name: "GET /api/admin/events/available-courts",
    field: "date",
    send: (d) => admin.get(`/api/admin/events/available-courts?date=${d}&startTime=10:00&endTime=11:00`),
  },
  {
    name: "POST /api/admin/coupons",
    field: "startDate",
    send: (d) =>
      admin.post("/api/admin/coupons", {
        code: "IMPOSSIBLE",
        type: "percentage",
        value: 10,
        startDate: d,
        endDate: "2026-12-31",
      }),
  },
];

const timeProbes = (): Probe[] => [
  {
    name: "POST /api/booking/quote",
    field: "startTime",
    send: (s) => t.client().post("/api/booking/quote", { items: [item({ startTime: s })] }),
  },
  {
    name: "POST /api/booking/holds",
    field: "startTime",
    send: (s) => t.client().post("/api/booking/holds", holdBody({ items: [item({ startTime: s })] })),
  },
  {
    name: "POST /api/booking/manage/{token}/reschedule",
    field: "startTime",
    send: (s) =>
      t.client().post(`/api/booking/manage/${manage.token}/reschedule`, {
        reservationId: manage.reservationId,
        date: MONDAY,
        startTime: s,
      }),
  },
  {
    name: "POST /api/court-alerts",
    field: "startTime",
    send: (s) =>
      t.client().post("/api/court-alerts", {
        facilityType: "court",
        date: MONDAY,
        startTime: s,
        duration: 60,
        email: "alert@example.test",
      }),
  },
  {
    name: "POST /api/membership/free-reservations",
    field: "startTime",
    send: (s) => member.post("/api/membership/free-reservations", { date: MONDAY, startTime: s }),
  },
  {
    name: "POST /api/admin/reservations",
    field: "startTime",
    send: (s) =>
      admin.post("/api/admin/reservations", {
        facilityType: "court",
        date: MONDAY,
        customerName: "Walk In",
        startTime: s,
        duration: 60,
        facilityIds: [1],
      }),
  },
  {
    name: "GET /api/admin/available-facilities",
    field: "startTime",
    send: (s) =>
      admin.get(
        `/api/admin/available-facilities?date=${MONDAY}&facilityType=court&startTime=${s}&duration=60`,
      ),
  },
];

async function expectFieldError(response: Response, field: string) {
  const body = (await response.json()) as { error?: { code: string; field?: string } };
  expect({ status: response.status, field: body.error?.field }).toEqual({ status: 400, field });
}

describe("impossible dates and times (issue 30 item 4: 3 x 500 before, 0 after)", () => {
  it.each(dateProbes().flatMap((p) => IMPOSSIBLE_DATES.map((d) => [p.name, d, p] as const)))(
    "%s with date %s answers 400 naming the field",
    async (_name, value, probe) => {
      await expectFieldError(await probe.send(value), probe.field);
    },
  );

  it.each(timeProbes().flatMap((p) => IMPOSSIBLE_TIMES.map((s) => [p.name, s, p] as const)))(
    "%s with time %s answers 400 naming the field",
    async (_name, value, probe) => {
      await expectFieldError(await probe.send(value), probe.field);
    },
  );

  it("the booking that was probed has not moved", async () => {
    const view = (await (await t.request(`/api/booking/manage/${manage.token}`)).json()) as {
      items: Array<{ date: string; startTime: string }>;
    };
    expect(view.items.map((i) => [i.date, i.startTime])).toEqual([[MONDAY, "17:00"]]);
  });
});
