import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEvent, NOW, registrationBody } from "../../../tests/integration/kits/events-test-kit";
import { createTestApp, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import { testServerUrl } from "../../../tests/integration/kits/test-databases";
import { createDeps } from "../bootstrap";
import { emailOutbox, eventRegistrations, eventWaitlist } from "../db/schema";
import type { AppDeps } from "../deps";
import { createJobRunner } from "../jobs/job-runner";
import { loadConfig } from "../lib/config";
import { createLogger } from "../lib/logger";
import { sweepEventWaitlists } from "./sweep-event-waitlists";

// Issue 15 §1 "exactly one offer per free place … with several server processes": two app
// instances on one PostgreSQL database, each running the waitlist job on its own runner, as two
// server processes would. Needs the PostgreSQL server (PGlite is one process's own database).

const HOUR = 3_600_000;
const clock = testClock(NOW);
let t: TestApp;
let second: AppDeps;

describe.skipIf(!testServerUrl())("event waitlist across two instances", () => {
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: mkdtempSync(join(tmpdir(), "waitlist-second-")),
      AUTH_SECRET: "integration-tests-only-secret-0123456789abcdef",
    });
    second = await createDeps(config, createLogger("silent"), {
      databaseUrl: t.location.url,
      now: clock.now,
      transport: null,
    });
  });
  afterAll(async () => {
    await second?.database.close();
    await t?.close();
  });

  const offered = async (eventId: string) =>
    (
      await t.db
        .select({ email: eventWaitlist.customerEmail })
        .from(eventWaitlist)
        .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.status, "offered")))
        .orderBy(asc(eventWaitlist.seq))
    ).map((r) => r.email);

  const offerEmails = async (name: string) => {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `A place is yours: ${name}`));
    return row?.n ?? 0;
  };

  /** Until `check` holds; then one more whole pass by each instance, which must change nothing. */
  async function settle(check: () => Promise<boolean>) {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("the instances did not settle");
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all([t.deps, second].map((deps) => sweepEventWaitlists(deps)));
  }

  it("10 places freed with 30 waiting: exactly 10 offers, then exactly the next 10, never twice", async () => {
    const event = await insertEvent(t, { maxParticipants: 10, memberPriceCents: 0, nonMemberPriceCents: 0 });
    const taken = await t.db
      .insert(eventRegistrations)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          eventId: event.id,
          customerName: `Taken ${i}`,
          customerEmail: `taken${i}@example.test`,
          status: "confirmed",
          paymentStatus: "paid",
        })),
      )
      .returning({ id: eventRegistrations.id });
    const waiters: string[] = [];
    for (let i = 0; i < 30; i++) {
      const email = `multi-${i}@example.test`;
      const response = await t.request(`/api/events/${event.id}/waitlist`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(registrationBody({ customerEmail: email })),
      });
      expect(response.status).toBe(201);
      waiters.push(email);
    }
    const runners = [t.deps, second].map((deps) =>
      createJobRunner(deps.logger, [
        { name: "event-waitlists", intervalMs: 20, run: () => sweepEventWaitlists(deps) },
      ]),
    );
    for (const runner of runners) runner.start();
    try {
      // Ten places free at once, behind the app's back: only the two sweepers can hand them out.
      await t.db.execute(
        sql`update event_registrations set status = 'cancelled' where id in (${sql.join(
          taken.map((r) => sql`${r.id}::uuid`),
          sql`, `,
        )})`,
      );
      await settle(async () => (await offered(event.id)).length >= 10);
      expect(await offered(event.id)).toEqual(waiters.slice(0, 10));
      expect(await offerEmails(event.name)).toBe(10);

      clock.advance(2 * HOUR);
      await settle(
        async () => (await offered(event.id)).length >= 10 && (await offerEmails(event.name)) >= 20,
      );
      expect(await offered(event.id)).toEqual(waiters.slice(10, 20));
      expect(await offerEmails(event.name)).toBe(20);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  });
});
