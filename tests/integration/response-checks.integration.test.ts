import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { insertEvent, NOW } from "./kits/events-test-kit";
import { createTestApp, type TestApp } from "./kits/harness";

// Issue 35 item 4, decision 036: every answer is checked against its contract in tests (the harness,
// NODE_ENV=test) and wherever CHECK_RESPONSES turns it on; npm start (development) and production
// answer without the parse. The drift here is real data the contract does not allow: an event whose
// skill levels hold a NULL (text[] takes one; the contract says strings), as a hand-made row would.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function eventWithDrift(app: TestApp): Promise<string> {
  const event = await insertEvent(app);
  await app.db.execute(
    sql`update events set skill_levels = array['3.5', null]::text[] where id = ${event.id}`,
  );
  return event.id;
}

describe("CHECK_RESPONSES", () => {
  it("is on in the integration harness: an answer that drifted from its contract is a 500, not a broken page later", async () => {
    t = await createTestApp({ now: () => NOW });
    expect(t.deps.config.CHECK_RESPONSES).toBe(true);
    const id = await eventWithDrift(t);
    const response = await t.request(`/api/events/${id}`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: "INTERNAL", message: "Something went wrong. Please try again." },
    });
    // An answer that matches is unchanged.
    const fine = await insertEvent(t);
    expect((await t.request(`/api/events/${fine.id}`)).status).toBe(200);
  });

  it("is off by default in development (npm start): the same answer goes out unparsed", async () => {
    t = await createTestApp({ now: () => NOW, env: { NODE_ENV: "development", CHECK_RESPONSES: undefined } });
    expect(t.deps.config.CHECK_RESPONSES).toBe(false);
    const id = await eventWithDrift(t);
    const response = await t.request(`/api/events/${id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { event: { skillLevels: unknown[] } };
    expect(body.event.skillLevels).toEqual(["3.5", null]);
  });

  it("is one explicit setting: CHECK_RESPONSES=true turns it on in development (the browser tests' server)", async () => {
    t = await createTestApp({ now: () => NOW, env: { NODE_ENV: "development", CHECK_RESPONSES: "true" } });
    const id = await eventWithDrift(t);
    expect((await t.request(`/api/events/${id}`)).status).toBe(500);
  });
});
