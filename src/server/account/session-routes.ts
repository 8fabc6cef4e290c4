import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { sessionResponse, signInRequest } from "../../contracts/auth";
import { okResponse } from "../../contracts/common";
import { users } from "../db/schema";
import type { AppEnv } from "../deps";
import { clientIp } from "../http/client-ip";
import { toCurrentUser } from "../http/current-user";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { signIn } from "./sign-in";
import { signOutEverywhere } from "./sign-out";

function appendSetCookies(target: Headers, source: Headers) {
  for (const cookie of source.getSetCookie()) target.append("set-cookie", cookie);
}

export const sessionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/session",
      tags: ["Session"],
      summary: "The signed-in user, or null for a guest",
      responses: { 200: jsonResponse(sessionResponse) },
    }),
    (c) => {
      c.header("cache-control", "no-store");
      const user = c.get("user");
      return c.json({ user: user ? toCurrentUser(user) : null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/session/sign-in",
      tags: ["Session"],
      summary: "Sign in with email and password",
      request: jsonBody(signInRequest),
      responses: { 200: jsonResponse(sessionResponse), ...errorResponses, 429: errorResponses[400] },
    }),
    async (c) => {
      const deps = c.get("deps");
      const { headers, userId } = await signIn(deps, c.req.valid("json"), clientIp(c), c.req.raw.headers);
      const row = await deps.db.query.users.findFirst({ where: eq(users.id, userId) });
      const response = c.json({ user: row ? toCurrentUser(row) : null }, 200);
      appendSetCookies(response.headers, headers);
      return response;
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/session/sign-out",
      tags: ["Session"],
      summary: "Sign out everywhere: every session of the user ends",
      responses: { 200: jsonResponse(okResponse) },
    }),
    async (c) => {
      const headers = await signOutEverywhere(c.get("deps"), c.get("user"), c.req.raw.headers);
      const response = c.json({ ok: true as const }, 200);
      appendSetCookies(response.headers, headers);
      return response;
    },
  );
