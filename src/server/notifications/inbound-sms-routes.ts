import { Hono } from "hono";
import { optOutKeyword } from "../../domain/phone-proof";
import type { AppEnv } from "../deps";
import { AppError } from "../lib/errors";
import { setPhoneOptOut } from "../sms/phone-proof";

/**
 * POST /api/webhooks/twilio/sms: a text a player sent to the venue's number (issue 30 item 2).
 * STOP (and Twilio's other opt-out words) stops every text to that phone; START allows them again.
 * The request is Twilio's only when its X-Twilio-Signature, an HMAC-SHA1 with the account's auth
 * token over the public URL and the sorted form fields, checks out (the SDK's validateRequest):
 * without TWILIO_AUTH_TOKEN the endpoint is off (404), and a wrong signature is a 403 that changes
 * nothing. The answer is an empty TwiML reply: Twilio sends its own opt-out confirmation.
 */
export const inboundSmsRoutes = new Hono<AppEnv>().post("/webhooks/twilio/sms", async (c) => {
  const deps = c.get("deps");
  const authToken = deps.config.TWILIO_AUTH_TOKEN;
  if (!authToken) throw new AppError("NOT_FOUND", "Not found");
  const form = await c.req.parseBody();
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === "string") params[key] = value;
  const url = `${deps.config.publicUrl}${new URL(c.req.url).pathname}`;
  const { validateRequest } = (await import("twilio")).default;
  if (!validateRequest(authToken, c.req.header("x-twilio-signature") ?? "", url, params)) {
    throw new AppError("FORBIDDEN", "Invalid signature");
  }
  const keyword = optOutKeyword(params.Body ?? "");
  if (keyword && params.From) {
    await setPhoneOptOut(deps.db, params.From, keyword === "stop", deps.now());
    deps.logger.info({ event: keyword === "stop" ? "sms.opt_out" : "sms.opt_in" }, "sms opt-out changed");
  }
  return c.body('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', 200, {
    "content-type": "text/xml",
  });
});
