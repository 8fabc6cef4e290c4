import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppDeps, AppEnv } from "../deps";
import { jsonResponse } from "./openapi";
import { validateResponses } from "./response-contracts";

// An answer that breaks its contract must not reach a browser in development or test.

function appAnswering(body: unknown) {
  const logged: unknown[] = [];
  const api = new OpenAPIHono<AppEnv>().openapi(
    createRoute({
      method: "get",
      path: "/things/{id}",
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: jsonResponse(z.object({ name: z.string() })) },
    }),
    // @ts-expect-error the point: an answer that is not what the contract says
    (c) => c.json(body, 200),
  );
  const app = new OpenAPIHono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", { logger: { error: (...args: unknown[]) => logged.push(args) } } as unknown as AppDeps);
    await next();
  });
  app.use("/api/*", validateResponses(api, "/api"));
  app.route("/api", api);
  return { app, logged };
}

describe("validateResponses", () => {
  it("lets an answer that matches its contract through unchanged", async () => {
    const { app, logged } = appAnswering({ name: "Court 1" });
    const response = await app.request("/api/things/1");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "Court 1" });
    expect(logged).toHaveLength(0);
  });

  it("turns an answer that breaks its contract (a raw row, say) into a logged 500", async () => {
    const { app, logged } = appAnswering({ name: 7, passwordHash: "x" });
    const response = await app.request("/api/things/1");
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: "INTERNAL" } });
    expect(logged).toHaveLength(1);
  });
});
