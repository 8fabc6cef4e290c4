import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../../src/server/app";
import { isEventUploadRequest } from "../../../src/server/events/event-upload-limit";
import { present } from "../../../src/server/lib/present";
import {
  brokenRawBody,
  invalidObjectBody,
  type JsonSchema,
  nonObjectBody,
  type RawBody,
  rawQueryValue,
  UNKNOWN_ID,
  wellTypedBody,
} from "../kits/fuzz-inputs";
import { createTestApp, queryRows, type TestApp, type TestClient, testClock } from "../kits/harness";

// Issue 7 hardening: every API route that takes a body, query or path parameters is sent hostile
// input, as the least privileged actor its guard lets through (so the input reaches validation).
// A refusal is a 4xx in the app's JSON error shape, never a 5xx, and changes no row. The routes
// come from the app's own OpenAPI document, so a new route is fuzzed without editing this file.
// A failure prints fast-check's seed and path; rerun with FUZZ_SEED=<seed> to reproduce.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_118);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const fuzzOptions = (numRuns = RUNS) => ({ seed: SEED, numRuns, endOnFailure: true });

/** The tables a refused request must leave alone. */
const WATCHED_TABLES = [
  "reservations",
  "holds",
  "users",
  "events",
  "event_registrations",
  "coupon_codes",
  "email_outbox",
  "payments",
] as const;

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Route = {
  key: string;
  method: string;
  /** The path under /api with every path parameter set to an id no row has. */
  url: string;
  template: string;
  json: JsonSchema | null;
  multipart: boolean;
  query: Parameter[];
  pathParams: Parameter[];
};

// The same document GET /api/openapi.json serves (checked below), read at collection time so
// each route gets its own named test.
const document = createApi().getOpenAPI31Document({
  openapi: "3.1.0",
  info: { title: "fuzz", version: "1" },
});
const routes: Route[] = Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => {
    const parameters = operation.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === "path");
    const url = `/api${template.replace(/\{(\w+)\}/g, UNKNOWN_ID)}`;
    return {
      key: `${method.toUpperCase()} /api${template}`,
      method: method.toUpperCase(),
      url,
      template,
      json: operation.requestBody?.content["application/json"]?.schema ?? null,
      multipart: Boolean(operation.requestBody?.content["multipart/form-data"]),
      query: parameters.filter((p) => p.in === "query"),
      pathParams,
    };
  }),
);
const bodyRoutes = routes.filter((r) => r.json);
const multipartRoutes = routes.filter((r) => r.multipart);
const queryRoutes = routes.filter((r) => r.query.length > 0);
const pathRoutes = routes.filter((r) => r.pathParams.length > 0);

const clock = testClock("2026-11-18T15:00:00Z");
let t: TestApp;
const actorFor = new Map<string, { label: string; client: TestClient }>();
/** Routes every actor is refused (route key → the refusal's message). */
const tokenGated = new Map<string, string>();
const ROLE_GUARD_MESSAGES = ["User is not authenticated", "Access denied", "This page is for members only"];

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { MANAGER_PASSWORD: "front-desk-secret" } });
  await t.seedFacilities();
  const signIn = async (user: { email: string; password: string }) => t.signIn(user.email, user.password);
  // From least to most privileged: each route is fuzzed as the first one its guard lets through.
  const ladder = [
    { label: "guest", client: t.client() },
    { label: "signed-in non-member", client: await signIn(await t.createGuestUser()) },
    { label: "member", client: await signIn(await t.createMember()) },
    { label: "admin", client: await signIn(await t.createAdmin()) },
    { label: "admin who is a member", client: await signIn(await t.createAdmin({ isMember: true })) },
  ];
  for (const route of routes) {
    let lastRefusal = "";
    for (const actor of ladder) {
      const probe = await actor.client.request(route.url, {
        method: route.method,
        ...(route.json ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
      });
      if (probe.status !== 401 && probe.status !== 403) {
        actorFor.set(route.key, actor);
        break;
      }
      lastRefusal = (await probe.json()).error.message;
    }
    // Refused to everyone, but not by a role guard: the route is gated by a token (a hold's),
    // which the visitor holding it may be; fuzz it as a guest.
    if (!actorFor.has(route.key)) {
      tokenGated.set(route.key, lastRefusal);
      actorFor.set(route.key, present(ladder[0]));
    }
  }
});
afterAll(() => t?.close());

function actor(route: Route): TestClient {
  const found = actorFor.get(route.key);
  if (!found) throw new Error(`No actor gets past the guard of ${route.key}`);
  return found.client;
}

async function rowCounts(): Promise<Record<string, number>> {
  const columns = WATCHED_TABLES.map((table) => `(select count(*) from ${table})::int as ${table}`);
  const [row] = await queryRows<Record<string, number>>(t.db, sql.raw(`select ${columns.join(", ")}`));
  return present(row);
}

type Sent = { label: string; contentType?: string | null; body?: string | FormData; url?: string };

function send(route: Route, sent: Sent): Promise<Response> {
  const headers = new Headers();
  if (sent.contentType) headers.set("content-type", sent.contentType);
  return actor(route).request(sent.url ?? route.url, { method: route.method, headers, body: sent.body });
}

/** The app's error answer: JSON `{ error: { code, message } }`, nothing leaked from the inside. */
async function expectErrorShape(response: Response, context: string) {
  expect(response.headers.get("content-type") ?? "", context).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
  expect(Object.keys(body), context).toEqual(["error"]);
  expect(body.error?.code, context).toEqual(expect.any(String));
  expect(body.error?.message, context).toEqual(expect.any(String));
  expect(String(body.error?.message), context).not.toMatch(
    /invalid byte sequence|syntax error|\.ts:\d+|node_modules|\b(select|insert|update) .* (from|into|set) /i,
  );
}

/** Input the contract must refuse: a 4xx in the error shape, and no watched row changes. */
async function expectRefused(route: Route, sent: Sent) {
  const before = await rowCounts();
  const response = await send(route, sent);
  const context = `${route.key} as ${actorFor.get(route.key)?.label} with ${sent.label}`;
  expect(response.status, context).toBeGreaterThanOrEqual(400);
  expect(response.status, context).toBeLessThan(500);
  await expectErrorShape(response, context);
  expect(await rowCounts(), context).toEqual(before);
}

/**
 * Input of the right shape but hostile content: it may be taken as data (a 2xx), or refused; a
 * refusal is a 4xx in the error shape that changes nothing. Never a 5xx.
 */
async function expectHandled(route: Route, sent: Sent, options: { readOnly?: boolean } = {}) {
  const before = await rowCounts();
  const response = await send(route, sent);
  const context = `${route.key} as ${actorFor.get(route.key)?.label} with ${sent.label}`;
  expect(response.status, context).toBeLessThan(500);
  expect(response.status < 300 || response.status >= 400, `${context}: no redirects from the API`).toBe(true);
  if (response.status >= 400) await expectErrorShape(response, context);
  else await response.arrayBuffer();
  if (response.status >= 400 || options.readOnly) expect(await rowCounts(), context).toEqual(before);
}

const describeJson = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}… (${text.length} chars)` : text;
};

describe("the fuzzed routes", () => {
  it("are the ones GET /api/openapi.json documents, each past its role guard", async () => {
    const served = (await (await t.request("/api/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(served.paths).sort()).toEqual(Object.keys(document.paths ?? {}).sort());
    expect(bodyRoutes.length).toBeGreaterThan(20);
    expect(queryRoutes.length).toBeGreaterThan(3);
    for (const [key, message] of tokenGated) expect(ROLE_GUARD_MESSAGES, key).not.toContain(message);
  });
});

describe.each(bodyRoutes)("$key: JSON body", (route) => {
  const schema = present(route.json);

  it("refuses a body that breaks its contract (wrong types, extra fields, deep nesting, not JSON)", async () => {
    const arbitrary = fc.oneof(
      {
        weight: 3,
        arbitrary: invalidObjectBody(schema).map((v) => ({ kind: "object", value: v as unknown })),
      },
      { weight: 1, arbitrary: nonObjectBody.map((v) => ({ kind: "value", value: v })) },
      { weight: 2, arbitrary: brokenRawBody.map((raw) => ({ kind: "raw", value: raw as unknown })) },
    );
    await fc.assert(
      fc.asyncProperty(arbitrary, async (input) => {
        if (input.kind === "raw") {
          const raw = input.value as RawBody;
          await expectRefused(route, {
            label: `${raw.label}: ${describeJson(raw.body)}`,
            contentType: raw.contentType,
            body: raw.body,
          });
        } else {
          await expectRefused(route, {
            label: `JSON ${describeJson(input.value)}`,
            contentType: "application/json",
            body: JSON.stringify(input.value),
          });
        }
      }),
      fuzzOptions(),
    );
  });

  it("answers hostile but well-typed values (NUL, lone surrogates, RTL, emoji, 100k chars, huge numbers) without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(wellTypedBody(schema), async (value) => {
        await expectHandled(route, {
          label: `JSON ${describeJson(value)}`,
          contentType: "application/json",
          body: JSON.stringify(value),
        });
      }),
      fuzzOptions(),
    );
  });

  it("refuses a body over the size limit, with or without a Content-Length", async () => {
    // The event forms carry a photo, so their limit is higher (event-upload-limit.ts).
    const limit = isEventUploadRequest(route.method, route.url) ? 5 * 1024 * 1024 + 256 * 1024 : 1024 * 1024;
    const oversized = JSON.stringify({ padding: "x".repeat(limit + 1024) });
    await expectRefused(route, {
      label: "an oversized body",
      contentType: "application/json",
      body: oversized,
    });
    const before = await rowCounts();
    const streamed = await actor(route).request(route.url, {
      method: route.method,
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(oversized));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status, "an oversized body without Content-Length").toBe(413);
    await expectErrorShape(streamed, "an oversized body without Content-Length");
    expect(await rowCounts()).toEqual(before);
  });
});

describe.each(multipartRoutes)("$key: multipart form", (route) => {
  it("refuses a NUL character inside the form's JSON, which no contract hook sees (regression)", async () => {
    const body = new FormData();
    body.set(
      "body",
      JSON.stringify({
        name: "Night\u0000Ladder",
        description: null,
        type: "ladder",
        date: "2026-11-23",
        startTime: "19:00",
        endTime: "21:00",
        courts: [8],
        maxParticipants: 8,
        memberPriceCents: 0,
        nonMemberPriceCents: 0,
        isPrivate: false,
        isPartnered: false,
        hideParticipants: false,
        skillLevels: [],
        recurrence: null,
      }),
    );
    await expectRefused(route, { label: "a NUL in the event name", contentType: null, body });
  });

  it("answers hostile form fields and junk files without a 5xx", async () => {
    const form = fc.record(
      {
        body: fc.oneof(
          wellTypedBody(route.json ?? {}).map((v) => JSON.stringify(v)),
          invalidObjectBody(route.json ?? {}).map((v) => JSON.stringify(v)),
          fc.constantFrom("{", "", "\u0000", "null", "[]", "x".repeat(100_000)),
        ),
        photo: fc.option(
          fc.record({
            bytes: fc.uint8Array({ maxLength: 64 }),
            type: fc.constantFrom("image/png", "image/svg+xml", "text/html", "application/octet-stream", ""),
            name: fc.constantFrom("a.png", "../../x.png", "\u0000.png", "<img src=x>.svg", "😀.jpg"),
          }),
          { nil: null },
        ),
      },
      { requiredKeys: ["photo"] },
    );
    await fc.assert(
      fc.asyncProperty(form, async (fields) => {
        const body = new FormData();
        if (fields.body !== undefined) body.set("body", fields.body);
        if (fields.photo) {
          const { bytes, type, name } = fields.photo;
          body.set("photo", new File([new Uint8Array(bytes)], name, { type }));
        }
        await expectHandled(route, {
          label: `multipart body=${describeJson(fields.body)} photo=${describeJson(fields.photo?.name ?? null)}`,
          contentType: null,
          body,
        });
      }),
      fuzzOptions(),
    );
  });
});

describe.each(queryRoutes)("$key: query parameters", (route) => {
  it("answers hostile query values (malformed escapes, NUL, NaN, huge) without a 5xx and changes nothing", async () => {
    const values = fc.record(
      Object.fromEntries(
        route.query.map((p) => [p.name, fc.array(rawQueryValue, { minLength: 1, maxLength: 2 })]),
      ),
      { requiredKeys: [] },
    );
    const extras = fc.subarray(["isAdmin=true", "__proto__=x", "member=%00", "duration=-1", "a[b][c]=1"]);
    await fc.assert(
      fc.asyncProperty(values, extras, async (chosen, extra) => {
        const pairs = Object.entries(chosen).flatMap(([name, list]) =>
          (list ?? []).map((v) => `${name}=${v}`),
        );
        const query = [...pairs, ...extra].join("&");
        const sent = { label: `?${query.slice(0, 200)}`, url: `${route.url}?${query}` };
        const missingRequired = route.query.some((p) => p.required && !(p.name in chosen));
        if (missingRequired) await expectRefused(route, sent);
        else await expectHandled(route, sent, { readOnly: route.method === "GET" });
      }),
      fuzzOptions(25),
    );
  });
});

describe.each(pathRoutes)("$key: path parameters", (route) => {
  it("refuses ids that are not ids (malformed escapes, NUL, dots, huge) and changes nothing", async () => {
    const badId = fc.constantFrom(
      "%",
      "%ZZ",
      "%00",
      "a%00b",
      "%ED%A0%80",
      "%FF",
      "..",
      "%2E%2E",
      "not-a-uuid",
      "-1",
      "NaN",
      "1e308",
      "%3Cscript%3E",
      "%F0%9F%98%80",
      `${UNKNOWN_ID}%00`,
      "x".repeat(10_000),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(badId, { minLength: route.pathParams.length, maxLength: route.pathParams.length }),
        async (ids) => {
          let index = 0;
          const url = `/api${route.template.replace(/\{(\w+)\}/g, () => ids[index++] ?? "")}`;
          await expectRefused(route, {
            label: `path ${url.slice(0, 200)}`,
            url,
            ...(route.json ? { contentType: "application/json", body: "{}" } : {}),
          });
        },
      ),
      fuzzOptions(15),
    );
  });
});
