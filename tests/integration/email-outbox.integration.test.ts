import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_BRAND_COLOR } from "../../src/domain/venue-identity";
import { emailOutbox, venueSettings } from "../../src/server/db/schema";
import { brandButton, emailLayout } from "../../src/server/email/layout";
import { createOutbox } from "../../src/server/email/outbox";
import { createLogger } from "../../src/server/lib/logger";
import { present } from "../../src/server/lib/present";
import { closedPort, startFakeSmtp } from "./kits/fake-smtp";
import { createTestApp, type TestApp } from "./kits/harness";

describe("email outbox", () => {
  let t: TestApp;
  let clock = new Date("2026-11-23T15:00:00Z");
  beforeEach(async () => {
    clock = new Date("2026-11-23T15:00:00Z");
    t = await createTestApp({ now: () => clock });
  });
  afterEach(async () => t.close());

  const outboxWith = (port: number) =>
    createOutbox({
      db: t.db,
      logger: createLogger("silent"),
      transport: nodemailer.createTransport({
        host: "127.0.0.1",
        port,
        secure: false,
        ignoreTLS: true,
        connectionTimeout: 2000,
      }),
      from: "venue@example.com",
      now: () => clock,
    });

  it("keeps an email while the mail server is down and delivers it once it is back", async () => {
    const down = outboxWith(await closedPort());
    await down.enqueue(t.db, {
      to: "player@example.com",
      subject: "Your booking",
      text: "See you on court 3.",
    });
    expect(await down.deliverDue()).toBe(0);
    let [row] = await t.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(present(row).lastError).toBeTruthy();
    expect(present(row).nextAttemptAt.getTime()).toBeGreaterThan(clock.getTime());

    const smtp = await startFakeSmtp();
    try {
      const up = outboxWith(smtp.port);
      // Not due yet: the backoff is respected.
      expect(await up.deliverDue()).toBe(0);
      clock = new Date(clock.getTime() + 60 * 60_000);
      expect(await up.deliverDue()).toBe(1);
      [row] = await t.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(smtp.received).toHaveLength(1);
      expect(present(smtp.received[0]).data).toContain("See you on court 3.");
      // Nothing is sent twice.
      clock = new Date(clock.getTime() + 60 * 60_000);
      expect(await up.deliverDue()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("paints the layout in the venue's brand colour (issue 31 item 4), the app's own without one", async () => {
    const outbox = outboxWith(await closedPort());
    const html = emailLayout(
      "Venue",
      `<p>Hi &lt;!--venue-brand-color--&gt;</p>${brandButton("https://x.example/m", "Manage")}`,
    );
    await outbox.enqueue(t.db, { to: "a@example.com", subject: "One", text: "One", html });
    await t.db
      .insert(venueSettings)
      .values({ id: 1, brandColor: "#5b2a86" })
      .onConflictDoUpdate({ target: venueSettings.id, set: { brandColor: "#5b2a86" } });
    await outbox.enqueue(t.db, { to: "b@example.com", subject: "Two", text: "Two", html });
    const rows = await t.db.select().from(emailOutbox).orderBy(emailOutbox.subject);
    const [one, two] = rows.map((r) => present(r.htmlBody));
    expect(one).toContain(`background:${DEFAULT_BRAND_COLOR}`);
    expect(two).toContain("background:#5b2a86");
    expect(two).toContain("color:#5b2a86");
    expect(two).not.toContain("<!--venue-brand-color-->");
    // Escaped words that look like the mark stay as they were.
    expect(two).toContain("Hi &lt;!--venue-brand-color--&gt;");
  });

  it("queues an email with a dedupe key only once", async () => {
    const outbox = outboxWith(await closedPort());
    for (let i = 0; i < 3; i++) {
      await outbox.enqueue(t.db, { to: "a@example.com", subject: "Once", text: "x", dedupeKey: "booking-1" });
    }
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, "booking-1"));
    expect(rows).toHaveLength(1);
  });
});
