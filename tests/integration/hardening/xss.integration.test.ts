import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateHoldResponse } from "../../../src/contracts/booking-holds";
import type {
  CreateEventsResponse,
  EventDetailResponse,
  RegistrationResponse,
} from "../../../src/contracts/events";
import { createApp } from "../../../src/server/app";
import { emailOutbox } from "../../../src/server/db/schema";
import { staticClient } from "../../../src/server/http/static-files";
import { present } from "../../../src/server/lib/present";
import { createTestApp, errorOf, type TestApp, type TestClient, testClock } from "../kits/harness";

// Issue 7 hardening: script payloads typed into names, event texts, notes and codes are data.
// The API returns them verbatim as JSON (React escapes on render); every email and every page the
// server renders itself shows them as escaped text, never as markup; and the browser is told, by
// headers on every answer, to run no inline script and to frame nothing.

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';
const JS_URL = "javascript:alert(document.cookie)";
/** Fits a 100-character name field. */
const PAYLOAD = `${SCRIPT}${IMG}`;
const ESCAPED_SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;";
const ESCAPED_IMG = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;";

const NOW = new Date("2026-11-18T15:00:00Z"); // Wednesday 9:00 AM at the venue
const MONDAY = "2026-11-23";
const MANAGER_PASSWORD = "front-desk-secret";

/**
 * What makes HTML run code: a script element, an on* event attribute, a javascript: URL. The
 * payloads, once escaped, contain no "<", so none of these can come from them.
 */
function activeContentIn(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const [tag, name = "", attributes = ""] = match;
    if (/^(script|iframe|object|embed|svg|math)$/i.test(name)) found.push(tag);
    if (/\son[a-z]+\s*=/i.test(attributes)) found.push(tag);
    if (/(href|src|action|formaction)\s*=\s*["']?\s*javascript:/i.test(attributes)) found.push(tag);
  }
  return found;
}

function expectInert(html: string | null | undefined, context: string) {
  expect(html, context).toBeTruthy();
  expect(activeContentIn(present(html)), context).toEqual([]);
  expect(html, context).not.toContain(SCRIPT);
  expect(html, context).not.toContain("<img src=x");
}

async function latestEmailTo(address: string) {
  const rows = await t.emailsTo(address);
  expect(rows.length, `an email to ${address}`).toBeGreaterThan(0);
  return present(rows.at(-1));
}

const clock = testClock(NOW);
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { MANAGER_PASSWORD } });
  await t.seedFacilities();
  const adminUser = await t.createAdmin();
  admin = await t.signIn(adminUser.email, adminUser.password);
});
afterAll(() => t?.close());

describe("script payloads in emails", () => {
  it("a name set on the profile is data in the API and escaped text in the reset-password email", async () => {
    const member = await t.createMember();
    const browser = await t.signIn(member.email, member.password);
    const updated = await browser.patch("/api/me/profile", { firstName: PAYLOAD, lastName: JS_URL });
    expect(updated.status).toBe(200);
    expect((await browser.sessionUser())?.firstName).toBe(PAYLOAD);

    expect((await t.client().post("/api/password/forgot", { email: member.email })).status).toBe(200);

    const email = await latestEmailTo(member.email);
    expectInert(email.htmlBody, "reset-password email");
    expect(email.htmlBody).toContain(`Hi ${ESCAPED_SCRIPT}${ESCAPED_IMG},`);
  });

  it("a booking's customer name and notes stay inert on the test checkout page and in the confirmation", async () => {
    const email = "xss-booking@example.test";
    const guest = t.client();
    const held = await guest.post("/api/booking/holds", {
      items: [{ facilityType: "court", date: MONDAY, startTime: "17:00", duration: 60 }],
      customer: {
        name: PAYLOAD,
        email,
        phone: "",
        smsConsent: false,
        notes: `${PAYLOAD} ${JS_URL}`,
        termsAccepted: true,
      },
    });
    expect(held.status).toBe(201);
    const hold = (await held.json()) as CreateHoldResponse;
    const checkout = await guest.post(`/api/booking/holds/${hold.holdId}/checkout`, {
      holdToken: hold.holdToken,
    });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };

    const page = await t.request(url);
    expect(page.status).toBe(200);
    expectInert(await page.text(), "test checkout page");
    expect((await t.request(`${url}/pay`, { method: "POST" })).status).toBe(303);

    const confirmation = await latestEmailTo(email);
    expectInert(confirmation.htmlBody, "booking confirmation email");
    expect(confirmation.htmlBody).toContain(`Hi ${ESCAPED_SCRIPT}${ESCAPED_IMG},`);

    // The admin's day view hands the name and notes back verbatim, as JSON data.
    const day = await admin.get(`/api/admin/day?date=${MONDAY}&facilityType=court`);
    expect(day.headers.get("content-type")).toMatch(/^application\/json/);
    const text = await day.text();
    expect(JSON.parse(text)).toBeTruthy();
    expect(text).toContain(JSON.stringify(PAYLOAD).slice(1, -1));
    expect(text).toContain(JSON.stringify(`${PAYLOAD} ${JS_URL}`).slice(1, -1));
  });

  it("an admin's manual reservation for a scripted customer name sends an inert email", async () => {
    const email = "xss-manual@example.test";
    const response = await admin.post("/api/admin/reservations", {
      facilityType: "court",
      date: "2026-11-24",
      customerName: PAYLOAD,
      customerEmail: email,
      startTime: "09:00",
      duration: 60,
      facilityIds: [5],
    });
    expect(response.status).toBe(201);
    const confirmation = await latestEmailTo(email);
    expectInert(confirmation.htmlBody, "manual reservation email");
    expect(confirmation.htmlBody).toContain(`Hi ${ESCAPED_SCRIPT}${ESCAPED_IMG},`);
  });

  it("event titles, descriptions, skill levels and registrant texts stay inert on the checkout page and in the email", async () => {
    const created = await admin.post("/api/admin/events", {
      name: PAYLOAD,
      description: `${PAYLOAD} <a href="${JS_URL}">more</a>`,
      type: "tournament",
      date: MONDAY,
      startTime: "19:00",
      endTime: "21:00",
      courts: [7],
      maxParticipants: 8,
      memberPriceCents: 1000,
      nonMemberPriceCents: 1500,
      isPrivate: false,
      isPartnered: true,
      hideParticipants: false,
      skillLevels: [SCRIPT],
      recurrence: null,
    });
    expect(created.status).toBe(201);
    const [event] = ((await created.json()) as CreateEventsResponse).events;

    const publicView = await t.client().get(`/api/events/${present(event).id}`);
    const detail = (await publicView.json()) as EventDetailResponse;
    expect(detail.event).toMatchObject({
      name: PAYLOAD,
      description: `${PAYLOAD} <a href="${JS_URL}">more</a>`,
    });

    const email = "xss-event@example.test";
    const guest = t.client();
    const registered = await guest.post(`/api/events/${present(event).id}/registrations`, {
      customerName: PAYLOAD,
      customerEmail: email,
      customerPhone: "",
      playerNames: `${PAYLOAD}\n${JS_URL}`,
      skillLevel: SCRIPT,
    });
    expect(registered.status).toBe(201);
    const registration = (await registered.json()) as RegistrationResponse;
    const checkout = await guest.post(`/api/events/registrations/${registration.registrationId}/checkout`, {
      holdToken: registration.holdToken,
    });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };

    const page = await t.request(url);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expectInert(pageHtml, "event test checkout page");
    expect(pageHtml).toContain(ESCAPED_SCRIPT);
    expect((await t.request(`${url}/pay`, { method: "POST" })).status).toBe(303);

    const confirmation = await latestEmailTo(email);
    expectInert(confirmation.htmlBody, "event registration email");
    expect(confirmation.htmlBody).toContain(`<strong>${ESCAPED_SCRIPT}${ESCAPED_IMG}</strong>`);
    expect(confirmation.htmlBody).toContain(`Skill level: ${ESCAPED_SCRIPT}`);
  });

  it("a membership signup's scripted first name stays inert in the welcome email", async () => {
    const email = "xss-joiner@example.test";
    const response = await t.client().post("/api/membership/checkout", {
      email,
      plan: "monthly",
      firstName: PAYLOAD,
      lastName: JS_URL,
      phone: "",
      password: "Plain-Secret-Pa55word!",
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const page = await t.request(url);
    expectInert(await page.text(), "subscription test checkout page");
    expect((await t.request(`${url}/pay`, { method: "POST" })).status).toBe(303);

    const welcome = await latestEmailTo(email);
    expectInert(welcome.htmlBody, "membership welcome email");
    expect(welcome.htmlBody).toContain(`Hi ${ESCAPED_SCRIPT}${ESCAPED_IMG},`);
  });

  it("a member with a scripted name booking free court time gets an inert email", async () => {
    const member = await t.createMember({ firstName: PAYLOAD, lastName: IMG });
    const browser = await t.signIn(member.email, member.password);
    const booked = await browser.post("/api/membership/free-reservations", {
      date: "2026-11-19",
      startTime: "10:00",
    });
    expect(booked.status).toBe(201);
    const confirmation = await latestEmailTo(member.email);
    expectInert(confirmation.htmlBody, "free booking email");
    expect(confirmation.htmlBody).toContain(ESCAPED_SCRIPT);
  });

  it("every HTML email in the outbox is inert", async () => {
    const rows = await t.db.select().from(emailOutbox);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expectInert(row.htmlBody, `email #${row.id} "${row.subject}"`);
  });
});

describe("script payloads that are refused", () => {
  it("coupon codes take only letters, numbers, - and _ (so a code is never markup)", async () => {
    for (const code of [SCRIPT, IMG, JS_URL, "<b>10OFF</b>"]) {
      const response = await admin.post("/api/admin/coupons", {
        code,
        description: PAYLOAD,
        type: "percentage",
        value: 10,
        startDate: "2026-11-01",
        endDate: "2026-12-31",
      });
      expect(response.status, code).toBe(400);
      expect((await errorOf(response)).message, code).toBe("Code may contain only letters, numbers, - and _");
    }
  });
});

describe("pages the server renders itself", () => {
  it("the development mailbox lists and shows the scripted emails as text", async () => {
    const list = await t.request("/dev/mailbox");
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expectInert(listHtml, "mailbox list");
    // The event email's subject carries the event title.
    expect(listHtml).toContain(`You&#39;re registered: ${ESCAPED_SCRIPT}`);
    const rows = await t.db.select({ id: emailOutbox.id }).from(emailOutbox);
    for (const { id } of rows) {
      const message = await t.request(`/dev/mailbox/${id}`);
      expect(message.status).toBe(200);
      expectInert(await message.text(), `mailbox message #${id}`);
    }
  });

  it("the test checkout does not reflect a scripted session id", async () => {
    for (const id of [SCRIPT, IMG, JS_URL]) {
      const response = await t.request(`/test-checkout/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expectInert(await response.text(), `checkout page for id ${id}`);
    }
  });
});

type Csp = Map<string, string[]>;

function cspOf(response: Response, context: string): Csp {
  const header = response.headers.get("content-security-policy");
  expect(header, `${context}: Content-Security-Policy`).toBeTruthy();
  return new Map(
    present(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...values]) => [name.toLowerCase(), values]),
  );
}

/** CSP forbidding inline and injected script, plus the headers that stop sniffing and framing. */
function expectProtectiveHeaders(response: Response, context: string) {
  const csp = cspOf(response, context);
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src");
  expect(scriptSrc, `${context}: script-src (or default-src)`).toBeDefined();
  expect(scriptSrc, `${context}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${context}: script-src`).not.toContain("'unsafe-eval'");
  expect(scriptSrc, `${context}: script-src`).not.toContain("*");
  expect(
    present(scriptSrc).some((s) => /^(data|javascript|http|https):$/i.test(s)),
    `${context}: script-src`,
  ).toBe(false);
  expect(csp.get("object-src"), `${context}: object-src`).toEqual(["'none'"]);
  expect(csp.get("base-uri"), `${context}: base-uri`).toBeDefined();
  expect(response.headers.get("x-content-type-options"), `${context}: nosniff`).toBe("nosniff");
  const frameAncestors = csp.get("frame-ancestors");
  const xFrame = response.headers.get("x-frame-options");
  expect(
    (frameAncestors !== undefined && !frameAncestors.includes("*")) ||
      /^(deny|sameorigin)$/i.test(xFrame ?? ""),
    `${context}: frame-ancestors or X-Frame-Options`,
  ).toBe(true);
}

describe("security headers", () => {
  it("are on every kind of HTML page the server renders", async () => {
    const checkout = await t.client().post("/api/booking/holds", {
      items: [{ facilityType: "dart_bay", date: MONDAY, startTime: "18:00", duration: 60 }],
      customer: {
        name: "Header Check",
        email: "headers@example.test",
        phone: "",
        smsConsent: false,
        termsAccepted: true,
      },
    });
    const hold = (await checkout.json()) as CreateHoldResponse;
    const started = await t
      .client()
      .post(`/api/booking/holds/${hold.holdId}/checkout`, { holdToken: hold.holdToken });
    const { url } = (await started.json()) as { url: string };
    const [firstEmail] = await t.db.select({ id: emailOutbox.id }).from(emailOutbox).limit(1);

    const pages: Array<[string, string]> = [
      ["test checkout", url],
      ["test checkout, unknown session", "/test-checkout/nope"],
      ["development mailbox", "/dev/mailbox"],
      ["development mailbox message", `/dev/mailbox/${present(firstEmail).id}`],
    ];
    for (const [label, path] of pages) {
      const response = await t.request(path);
      expect(response.headers.get("content-type"), label).toMatch(/^text\/html/);
      expectProtectiveHeaders(response, label);
    }
  });

  it("are on the web app's index page", async () => {
    const distDir = mkdtempSync(join(tmpdir(), "xss-dist-"));
    try {
      writeFileSync(
        join(distDir, "index.html"),
        '<!doctype html><html><body><div id="root"></div></body></html>',
      );
      // The production wiring: the API app with the built client mounted last, as createApp does.
      const app = createApp(t.deps, { serveClient: false });
      app.route("/", staticClient(distDir));
      for (const path of ["/", "/book", "/admin/events"]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
        expectProtectiveHeaders(response, `web app ${path}`);
      }
      // An unknown API path is the API's JSON 404, not the web app's HTML.
      const missing = await app.request("/api/no-such-route");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  it("are on API answers, successes and errors alike, which are JSON", async () => {
    const member = await t.createMember();
    const browser = await t.signIn(member.email, member.password);
    const answers: Array<[string, Response]> = [
      ["GET /api/session", await browser.get("/api/session")],
      ["GET /api/events", await t.request("/api/events")],
      ["GET /api/openapi.json", await t.request("/api/openapi.json")],
      ["401", await t.request("/api/me/profile")],
      ["403", await browser.get("/api/admin/members")],
      ["400", await browser.patch("/api/me/profile", { firstName: "" })],
      ["404", await t.request("/api/no-such-route")],
      [
        "malformed JSON",
        await t.request("/api/session/sign-in", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{",
        }),
      ],
    ];
    for (const [label, response] of answers) {
      expect(response.headers.get("content-type"), label).toMatch(/^application\/json/);
      expectProtectiveHeaders(response, label);
    }
  });
});
