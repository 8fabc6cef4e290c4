import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import {
  phoneCodeConfirmRequest,
  phoneCodeConfirmResponse,
  phoneCodeRequest,
  phoneCodeResponse,
} from "../../contracts/notifications";
import { BOOKING_FORM_MESSAGES } from "../../domain/booking-form";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps, AppEnv } from "../deps";
import { clientIp } from "../http/client-ip";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { fieldError } from "../lib/errors";
import { loadVenueIdentity } from "../settings/venue-settings";
import { confirmPhoneCode, phoneCodeWaitError, requestPhoneCode } from "../sms/phone-proof";

const error = (description: string) => jsonResponse(errorResponse, description);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The phone (E.164) and the person (email) a code is for: a signed-in player is their account. */
async function phoneAndPerson(
  deps: AppDeps,
  user: SessionUser | null,
  input: { phone: string; email?: string | undefined },
) {
  const phone = normalizeUsPhone(input.phone);
  if (!phone.ok || !phone.value) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  }
  const email = (user ? user.email : (input.email ?? "")).trim();
  if (!email) throw fieldError("email", BOOKING_FORM_MESSAGES.email);
  if (!EMAIL_RE.test(email)) throw fieldError("email", BOOKING_FORM_MESSAGES.emailFormat);
  return { phone: phone.value, email };
}

// Issue 30 item 2: a phone is proven with a code texted to it before it gets alerts or reminders.
export const phoneCodeRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/phone-codes",
      tags: ["Notifications"],
      summary: "Text a one-time code to prove a phone (one per phone per 15 minutes, 3 a day)",
      request: jsonBody(phoneCodeRequest),
      responses: {
        200: jsonResponse(phoneCodeResponse),
        ...errorResponses,
        429: error("A code went to this phone a short while ago (Retry-After)"),
      },
    }),
    async (c) => {
      const deps = c.get("deps");
      const { phone, email } = await phoneAndPerson(deps, c.get("user"), c.req.valid("json"));
      const venue = await loadVenueIdentity(deps.db, deps.config);
      const now = deps.now();
      const result = await deps.db.transaction((tx) =>
        requestPhoneCode(tx, deps.sms, { phone, email, ip: clientIp(c), venueName: venue.venueName, now }),
      );
      if (result.outcome === "wait") throw phoneCodeWaitError(result.retryAfter ?? 60);
      return c.json({ phoneCode: result.outcome }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/phone-codes/confirm",
      tags: ["Notifications"],
      summary: "Enter the texted code: the phone is proven for this person (5 tries per code)",
      request: jsonBody(phoneCodeConfirmRequest),
      responses: { 200: jsonResponse(phoneCodeConfirmResponse), ...errorResponses },
    }),
    async (c) => {
      const deps = c.get("deps");
      const input = c.req.valid("json");
      const { phone, email } = await phoneAndPerson(deps, c.get("user"), input);
      await confirmPhoneCode(deps.db, { phone, email, code: input.code, now: deps.now() });
      return c.json({ verified: true as const }, 200);
    },
  );
