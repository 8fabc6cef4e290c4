import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { forgotPasswordRequest, resetPasswordRequest } from "../../contracts/auth";
import { okResponse } from "../../contracts/common";
import type { AppEnv } from "../deps";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";

export const passwordRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/password/forgot",
      tags: ["Password"],
      summary: "Email a single-use reset link (same answer whether or not the account exists)",
      request: jsonBody(forgotPasswordRequest),
      responses: { 200: jsonResponse(okResponse), 400: errorResponses[400] },
    }),
    async (c) => {
      await requestPasswordReset(c.get("deps"), c.req.valid("json").email);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/password/reset",
      tags: ["Password"],
      summary: "Set a new password with the token from the email; ends every session",
      request: jsonBody(resetPasswordRequest),
      responses: { 200: jsonResponse(okResponse), 400: errorResponses[400] },
    }),
    async (c) => {
      await resetPassword(c.get("deps"), c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  );
