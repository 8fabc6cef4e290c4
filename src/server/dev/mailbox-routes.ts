import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { emailOutbox } from "../db/schema";
import type { AppEnv } from "../deps";
import { isLoopbackClient } from "../http/loopback";
import { escapeHtml } from "../lib/escape-html";

// Without SMTP settings the outbox is readable here (DECISIONS.md), so a developer can follow
// a reset link. Refused in production.
const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1f2933}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
pre{white-space:pre-wrap;background:#f5f7fa;padding:16px;border-radius:6px}.note{background:#fff3c4;padding:8px 12px;border-radius:6px}</style>
</head><body>${body}</body></html>`;

const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export const devMailboxRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (c.get("deps").config.isProduction) return c.notFound();
    // Every password-reset link is readable here: only this machine may look, whatever HOST is.
    if (!isLoopbackClient(c)) {
      return c.text("The development mailbox answers only requests from this machine.", 403);
    }
    c.header("cache-control", "no-store");
    await next();
  })
  .get("/", async (c) => {
    const rows = await c.get("deps").db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(100);
    const items = rows
      .map(
        (r) => `<tr><td>${r.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td>
<td>${escapeHtml(r.toAddress)}</td><td><a href="/dev/mailbox/${r.id}">${escapeHtml(r.subject)}</a></td><td>${r.status}</td></tr>`,
      )
      .join("");
    return c.html(
      page(
        "Development mailbox",
        `<h1>Development mailbox</h1><p><a href="/dev/sms">Text messages: development SMS outbox</a></p><p class="note">Development only: no SMTP server is configured, so emails are kept here instead of being sent.</p>
<table><thead><tr><th>Queued (UTC)</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${items || '<tr><td colspan="4">No emails yet.</td></tr>'}</tbody></table>`,
      ),
    );
  })
  .get("/messages.json", async (c) => {
    const rows = await c.get("deps").db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(100);
    return c.json(
      rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.textBody,
        createdAt: r.createdAt,
      })),
    );
  })
  .get("/:id{[0-9]+}", async (c) => {
    const id = Number(c.req.param("id"));
    // An id past what a number holds exactly (and the column's bigint range) can name no email.
    if (!Number.isSafeInteger(id)) return c.notFound();
    const row = await c.get("deps").db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    if (!row) return c.notFound();
    const attachments = (row.attachments ?? []).map((a) => escapeHtml(a.filename)).join(", ");
    return c.html(
      page(
        row.subject,
        `<p><a href="/dev/mailbox">← All emails</a></p><h1>${escapeHtml(row.subject)}</h1>
<p>To: ${escapeHtml(row.toAddress)}</p>${attachments ? `<p>Attachments: ${attachments}</p>` : ""}
<pre>${linkify(escapeHtml(row.textBody))}</pre>`,
      ),
    );
  });
