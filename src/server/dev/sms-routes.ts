import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { smsOutbox } from "../db/schema";
import type { AppEnv } from "../deps";
import { isLoopbackClient } from "../http/loopback";
import { escapeHtml } from "../lib/escape-html";

// Without Twilio settings the SMS outbox is readable here, beside /dev/mailbox and under the same
// rules (DECISIONS.md): never in production, and only for requests from this machine.
const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Development SMS outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1f2933}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
.note{background:#fff3c4;padding:8px 12px;border-radius:6px}</style>
</head><body>${body}</body></html>`;

export const devSmsRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (c.get("deps").config.isProduction) return c.notFound();
    if (!isLoopbackClient(c)) {
      return c.text("The development SMS outbox answers only requests from this machine.", 403);
    }
    c.header("cache-control", "no-store");
    await next();
  })
  .get("/", async (c) => {
    const rows = await c.get("deps").db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(100);
    const items = rows
      .map(
        (r) => `<tr><td>${r.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td>
<td>${escapeHtml(r.toPhone)}</td><td>${escapeHtml(r.body)}</td><td>${r.status}</td></tr>`,
      )
      .join("");
    const note = c.get("deps").sms.enabled
      ? "Development only: Twilio is configured, so these messages are also sent."
      : "Development only: Twilio is not configured, so text messages are kept here instead of being sent.";
    return c.html(
      page(`<h1>Development SMS outbox</h1><p><a href="/dev/mailbox">Emails: development mailbox</a></p>
<p class="note">${note}</p>
<table><thead><tr><th>Queued (UTC)</th><th>To</th><th>Message</th><th>Status</th></tr></thead><tbody>${items || '<tr><td colspan="4">No text messages yet.</td></tr>'}</tbody></table>`),
    );
  })
  .get("/messages.json", async (c) => {
    const rows = await c.get("deps").db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(100);
    return c.json(
      rows.map((r) => ({ id: r.id, to: r.toPhone, body: r.body, status: r.status, createdAt: r.createdAt })),
    );
  });
