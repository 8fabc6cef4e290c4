import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./kits/harness";

describe("system routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reports the server and its database healthy", async () => {
    const response = await t.request("/api/health");

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: "ok",
      instance: expect.stringMatching(/^.+:\d+$/),
      pid: process.pid,
    });
  });

  it("reports an unreachable database as unavailable", async () => {
    const broken = await createTestApp();
    await broken.deps.database.close();
    try {
      const response = await broken.request("/api/health");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: "unavailable" });
    } finally {
      await broken.close().catch(() => {});
    }
  });

  it("describes every route in OpenAPI, at the address it really answers on", async () => {
    const response = await t.request("/api/openapi.json");

    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      servers?: Array<{ url: string }>;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    const base = doc.servers?.[0]?.url ?? "";
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${base}${path}`),
    );
    const foundation = [
      "GET /api/health",
      "GET /api/session",
      "POST /api/session/sign-in",
      "POST /api/session/sign-out",
      "POST /api/password/forgot",
      "POST /api/password/reset",
      "GET /api/me/profile",
      "PATCH /api/me/profile",
      "POST /api/me/password",
      "GET /api/admin/stats",
    ];
    expect(routes).toEqual(expect.arrayContaining(foundation));
  });
});
