import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { changePasswordRequest, profileResponse, updateProfileRequest } from "../../contracts/auth";
import { okResponse } from "../../contracts/common";
import type { AppEnv } from "../deps";
import { clientIp } from "../http/client-ip";
import { toCurrentUser } from "../http/current-user";
import { currentUser, requireUser } from "../http/guards";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { changePassword } from "./change-password";
import { updateProfile } from "./update-profile";

export const profileRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/me/profile",
      tags: ["Profile"],
      summary: "The signed-in user's profile",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse(profileResponse), 401: errorResponses[401] },
    }),
    (c) => c.json({ user: toCurrentUser(currentUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/me/profile",
      tags: ["Profile"],
      summary: "Update first name, last name and phone",
      middleware: [requireUser] as const,
      request: jsonBody(updateProfileRequest),
      responses: { 200: jsonResponse(profileResponse), 400: errorResponses[400], 401: errorResponses[401] },
    }),
    async (c) => {
      const row = await updateProfile(c.get("deps"), currentUser(c), c.req.valid("json"));
      return c.json({ user: toCurrentUser(row) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/me/password",
      tags: ["Profile"],
      summary: "Change the password; other sessions end",
      middleware: [requireUser] as const,
      request: jsonBody(changePasswordRequest),
      responses: {
        200: jsonResponse(okResponse),
        400: errorResponses[400],
        401: errorResponses[401],
        429: errorResponses[400],
      },
    }),
    async (c) => {
      await changePassword(c.get("deps"), currentUser(c), c.req.valid("json"), clientIp(c));
      return c.json({ ok: true as const }, 200);
    },
  );
