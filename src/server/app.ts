import { OpenAPIHono } from "@hono/zod-openapi";
import { secureHeaders } from "hono/secure-headers";
import { passwordRoutes } from "./account/password-routes";
import { profileRoutes } from "./account/profile-routes";
import { sessionRoutes } from "./account/session-routes";
import { adminRoutes } from "./admin/admin-routes";
import { bookingRoutes } from "./booking/booking-routes";
import { forgetScheduleReads } from "./booking/facility-day-lock";
import { manageRoutes } from "./booking/manage-routes";
import { checkoutPurposes } from "./checkout-purposes";
import { CHANNELS, notify, ONLY_TOOK_PLACES } from "./db/notify-bus";
import { devMailboxRoutes } from "./email/dev-mailbox-routes";
import { AppError } from "./errors";
import { adminEventRoutes } from "./events/admin-event-routes";
import { eventPhotoRoutes } from "./events/event-photo-routes";
import { eventRoutes } from "./events/event-routes";
import { eventUploadBodyLimit, isEventUploadRequest } from "./events/event-upload-limit";
import { waitlistRoutes } from "./events/waitlist-routes";
import { sizedBodyLimit } from "./http/body-limit";
import { handleError } from "./http/error-handler";
import { START_AFTER_PAINT_SOURCE } from "./http/first-paint";
import { loadSession } from "./http/load-session";
import { findNulCharacter } from "./http/nul-character";
import { validateResponses } from "./http/response-contracts";
import { sameOriginOnly } from "./http/same-origin";
import { staticClient } from "./http/static-files";
import { systemRoutes } from "./http/system-routes";
import type { AppDeps, AppEnv } from "./kernel/deps";
import { membershipRoutes } from "./membership/membership-routes";
import { notificationRoutes } from "./notifications/notification-routes";
import { accessLog } from "./observability/access-log";
import { metricsEndpoint } from "./observability/metrics-endpoint";
import { createTestCheckoutRoutes } from "./payments/test-checkout-routes";
import { createWebhookRoutes } from "./payments/webhook-routes";
import { devSmsRoutes } from "./sms/dev-sms-routes";

/** The innermost named key of a contract path (["customer", "email"] → "email"), as forms name fields. */
const contractFieldName = (path: readonly PropertyKey[]) =>
  [...path].reverse().find((key): key is string => typeof key === "string");

/** The API routes, mounted under /api. Each later feature adds its router here. */
export function createApi() {
  const api = new OpenAPIHono<AppEnv>({
    // A body that fails its contract answers 400 with the first problem in words, and changes nothing.
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const path = issue?.path ?? [];
        throw new AppError(
          "VALIDATION",
          issue?.message && !issue.message.startsWith("Invalid input") ? issue.message : "Invalid request",
          { field: path.join(".") },
          { field: contractFieldName(path) },
        );
      }
      const nulAt = findNulCharacter(result.data);
      if (nulAt) {
        throw new AppError(
          "VALIDATION",
          "Invalid request",
          { field: nulAt.join(".") },
          { field: contractFieldName(nulAt) },
        );
      }
    },
  });
  api.use("*", sameOriginOnly);
  api.use("*", loadSession);
  api.route("/", systemRoutes);
  api.route("/", sessionRoutes);
  api.route("/", passwordRoutes);
  api.route("/", profileRoutes);
  api.route("/", adminRoutes);
  api.route("/", bookingRoutes);
  api.route("/", manageRoutes);
  api.route("/", eventRoutes);
  api.route("/", adminEventRoutes);
  api.route("/", waitlistRoutes);
  api.route("/", membershipRoutes);
  api.route("/", notificationRoutes);
  api.route("/", createWebhookRoutes(checkoutPurposes));
  // The paths are relative to where this router is mounted, so the document names that base.
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Venue booking API", version: "1.0.0" },
    servers: [{ url: "/api" }],
  });
  // Last, so it answers only what no route matched: an unknown API path gets the JSON error shape
  // (a sub-app's notFound() is not used once mounted, and the web app's catch-all must not answer it).
  api.all("*", (c) => c.json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404));
  return api;
}

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function createApp(deps: AppDeps, options: { serveClient?: boolean } = {}) {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError);
  app.use("*", accessLog(deps));
  app.use("*", async (c, next) => {
    await next();
    // Anything that may have changed the schedule (a hold, a payment, a staff edit, a webhook)
    // ends the availability read cache, so the next lookup reads the database again — in this
    // instance now, and in every other instance when the notification reaches it (decision 017).
    if (!READ_ONLY_METHODS.has(c.req.method)) {
      deps.availabilityCache.clear();
      // A refused request (4xx: its transaction rolled back) changed nothing for other instances
      // to hear about; in a rush most answers are 409s, each a round trip saved (decision 024).
      if (c.res.status >= 400 && c.res.status < 500) return;
      // The holds' shared schedule reads too, so a place this write freed is not refused from them;
      // a new hold only took places, which those reads may keep refusing (decision 024).
      const onlyTookPlaces = c.get("onlyTookPlaces") === true;
      if (!onlyTookPlaces) forgetScheduleReads(deps.db);
      await notify(deps.db, CHANNELS.availability, onlyTookPlaces ? ONLY_TOOK_PLACES : "").catch((err) =>
        deps.logger.warn({ err: (err as Error).message }, "could not notify other instances"),
      );
    }
  });
  const pageHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The one inline script: the app's start after the first paint (http/first-paint.ts).
      scriptSrc: ["'self'", START_AFTER_PAINT_SOURCE, "https://js.stripe.com"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      frameSrc: ["https://js.stripe.com", "https://checkout.stripe.com"],
      formAction: ["'self'", "https://checkout.stripe.com"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    // With "no-referrer" browsers send `Origin: null` on same-site form posts (the test checkout's
    // Pay and Cancel), which the cross-site check must refuse; this policy keeps the real origin.
    referrerPolicy: "strict-origin-when-cross-origin",
  });
  // Stored files carry their own, stricter policy (event-photo-routes.ts), which the page's
  // policy must not replace; every other protective header still applies.
  const fileHeaders = secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false });
  app.use("*", (c, next) =>
    c.req.path.startsWith("/storage/") ? fileHeaders(c, next) : pageHeaders(c, next),
  );
  const apiBodyLimit = sizedBodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.json({ error: { code: "VALIDATION", message: "Request is too large" } }, 413),
  });
  // The event create/edit forms carry a photo of up to 5 MB; every other API body stays at 1 MB.
  app.use("/api/*", (c, next) =>
    isEventUploadRequest(c.req.method, c.req.path) ? eventUploadBodyLimit(c, next) : apiBodyLimit(c, next),
  );
  const api = createApi();
  // Development and test check every answer against its contract; production skips the cost.
  if (!deps.config.isProduction) app.use("/api/*", validateResponses(api, "/api"));
  app.route("/api", api);
  app.get("/metrics", metricsEndpoint);
  app.route("/dev/mailbox", devMailboxRoutes);
  app.route("/dev/sms", devSmsRoutes);
  app.route("/test-checkout", createTestCheckoutRoutes(checkoutPurposes));
  app.route("/storage", eventPhotoRoutes);
  if (options.serveClient !== false) app.route("/", staticClient());
  return app;
}
