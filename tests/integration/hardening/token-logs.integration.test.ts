import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW } from "../kits/booking-test-kit";
import { createTestApp, type TestApp, testClock } from "../kits/harness";
import { paidBookingWithLink } from "../kits/manage-kit";

// ISSUE 30 item 6: manage tokens were written in clear to the access log ("path":"/manage/<token>",
// "/api/booking/manage/<token>") while the database keeps only their hash. Every log line now says
// the route's template, and a page's path with its ids and tokens written ":id".

const clock = testClock(NOW);
let t: TestApp;
let lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  t.deps.logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
}, 60_000);
afterAll(() => t?.close());

describe("no token in any log line (item 6)", () => {
  it("a manage link opened, its calendar, a cancel refused and a wrong link: the token is in no line", async () => {
    const { token } = await paidBookingWithLink(t, { date: "2026-11-23" });
    lines = [];
    expect((await t.request(`/api/booking/manage/${token}`)).status).toBe(200);
    expect((await t.request(`/api/booking/manage/${token}/calendar`)).status).toBe(200);
    expect((await t.request(`/api/booking/manage/${token}/cancel`, { method: "POST" })).status).toBe(403);
    const wrong = `${token.slice(0, -4)}AAAA`;
    expect((await t.request(`/api/booking/manage/${wrong}`)).status).toBe(404);
    expect((await t.request(`/manage/${token}?from=email`)).status).toBe(404);

    const access = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === "request");
    expect(access.map((l) => [l.path, l.route])).toEqual([
      ["/api/booking/manage/:token", "/api/booking/manage/:token"],
      ["/api/booking/manage/:token/calendar", "/api/booking/manage/:token/calendar"],
      ["/api/booking/manage/:token/cancel", "/api/booking/manage/:token/cancel"],
      ["/api/booking/manage/:token", "/api/booking/manage/:token"],
      ["/manage/:id", expect.any(String)],
    ]);
    const all = lines.join("\n");
    expect(all).not.toContain(token);
    expect(all).not.toContain(wrong);
  });
});
