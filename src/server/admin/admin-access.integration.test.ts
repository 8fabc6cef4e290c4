import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  errorOf,
  type TestApp,
  type TestClient,
} from "../../../tests/integration/kits/harness";

// SPEC §6: every staff endpoint answers a guest 401 and a signed-in non-admin 403, and changes nothing.
const ID = "00000000-0000-4000-8000-000000000000";
const ENDPOINTS: Array<[method: "get" | "post" | "patch" | "put" | "delete", path: string, body?: unknown]> =
  [
    ["get", "/api/admin/stats"],
    ["get", "/api/admin/day?date=2026-11-23&facilityType=court"],
    ["get", "/api/admin/available-facilities?date=2026-11-23&facilityType=court&startTime=10:00&duration=60"],
    [
      "post",
      "/api/admin/reservations",
      {
        facilityType: "court",
        date: "2026-11-23",
        customerName: "X",
        startTime: "10:00",
        duration: 60,
        facilityIds: [1],
      },
    ],
    ["post", `/api/admin/reservations/${ID}/reassign`, { facilityId: 2 }],
    ["patch", `/api/admin/reservations/${ID}`, { startTime: "10:00", facilityId: 2 }],
    ["patch", `/api/admin/reservations/${ID}/status`, { status: "cancelled" }],
    ["patch", `/api/admin/reservations/${ID}/payment-status`, { manualPaymentStatus: "paid" }],
    ["post", `/api/admin/reservations/${ID}/refund`, { managerPassword: "x" }],
    ["get", "/api/admin/members"],
    ["post", `/api/admin/members/${ID}/freeze`, { managerPassword: "x", freeze: true }],
    ["get", `/api/admin/members/${ID}/subscription`],
    ["post", `/api/admin/members/${ID}/cancel-membership`, { managerPassword: "x" }],
    ["get", "/api/admin/coupons"],
    [
      "post",
      "/api/admin/coupons",
      { code: "X", type: "percentage", value: 10, startDate: "2026-11-01", endDate: "2026-11-30" },
    ],
    [
      "put",
      `/api/admin/coupons/${ID}`,
      { code: "X", type: "percentage", value: 10, startDate: "2026-11-01", endDate: "2026-11-30" },
    ],
    ["delete", `/api/admin/coupons/${ID}`],
    ["get", "/api/admin/audit-log"],
  ];

let t: TestApp;
let guest: TestClient;
let member: TestClient;
let frozenMemberId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { MANAGER_PASSWORD: "front-desk-secret" } });
  await t.seedFacilities();
  guest = t.client();
  const m = await t.createMember();
  member = await t.signIn(m.email, m.password);
  frozenMemberId = (await t.createMember()).id;
});
afterAll(() => t?.close());

const call = (client: TestClient, method: (typeof ENDPOINTS)[number][0], path: string, body: unknown) =>
  method === "get" ? client.get(path) : client[method](path, body);

describe("staff endpoints", () => {
  it.each(ENDPOINTS)("%s %s asks a guest to sign in (401)", async (method, path, body) => {
    const response = await call(guest, method, path, body);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe("User is not authenticated");
  });

  it.each(ENDPOINTS)("%s %s refuses a member (403)", async (method, path, body) => {
    const response = await call(member, method, path, body);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe("Access denied");
  });

  it("a member who knows the manager password still cannot freeze anyone", async () => {
    const response = await member.post(`/api/admin/members/${frozenMemberId}/freeze`, {
      managerPassword: "front-desk-secret",
      freeze: true,
    });
    expect(response.status).toBe(403);
    const user = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, frozenMemberId) });
    expect(user?.isFrozen).toBe(false);
  });
});
