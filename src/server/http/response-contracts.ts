import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { ZodType } from "zod";
import type { AppEnv } from "../deps";
import { pathForLog } from "./log-path";

type JsonResponses = Record<string, { content?: Record<string, { schema?: unknown }> }>;

const isZod = (value: unknown): value is ZodType =>
  typeof value === "object" && value !== null && "safeParse" in value;

/** `/booking/holds/{id}` (the OpenAPI document's form) → `/booking/holds/:id` (Hono's). */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * ARCHITECTURE.md: every response goes through its contract. With CHECK_RESPONSES (on in the
 * integration tests and the browser tests' server; off for npm start and in production, where the
 * parse cost every request time: decision 036) each JSON answer of a route with a contract is
 * parsed with the schema of its status; an answer that does not match is logged and replaced by a
 * 500, so a test sees it at once instead of a browser later.
 */
export function validateResponses(api: OpenAPIHono<AppEnv>, basePath: string): MiddlewareHandler<AppEnv> {
  const schemas = new Map<string, ZodType>();
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const { method, path, responses } = definition.route;
    for (const [status, response] of Object.entries(responses as JsonResponses)) {
      const schema = response.content?.["application/json"]?.schema;
      if (isZod(schema))
        schemas.set(`${method.toUpperCase()} ${basePath}${honoPath(path)} ${status}`, schema);
    }
  }
  return async (c, next) => {
    await next();
    const schema = schemas.get(`${c.req.method} ${routePath(c)} ${c.res.status}`);
    if (!schema || !c.res.headers.get("content-type")?.includes("application/json")) return;
    const body: unknown = await c.res.clone().json();
    const parsed = schema.safeParse(body);
    if (parsed.success) return;
    c.get("deps").logger.error(
      { path: pathForLog(c), status: c.res.status, issues: parsed.error.issues.slice(0, 5) },
      "response does not match its contract",
    );
    c.res = undefined;
    c.res = c.json({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } }, 500);
  };
}
