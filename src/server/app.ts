import { OpenAPIHono } from "@hono/zod-openapi";
import { secureHeaders } from "hono/secure-headers";
import { passwordRoutes } from "./account/password-routes";
import { profileRoutes } from "./account/profile-routes";
import { sessionRoutes } from "./account/session-routes";
import { adminRoutes } from "./admin/admin-routes";
import { bookingRoutes } from "./booking/booking-routes";
import { manageRoutes } from "./booking/manage-routes";
import { checkInRoutes } from "./check-in/check-in-routes";
import { checkoutPurposes } from "./checkout-purposes";
import type { AppDeps, AppEnv } from "./deps";
import { devMailboxRoutes } from "./dev/mailbox-routes";
import { devSmsRoutes } from "./dev/sms-routes";
import { adminEventRoutes } from "./events/admin-event-routes";
import { eventPhotoRoutes } from "./events/event-photo-routes";
import { eventRoutes } from "./events/event-routes";
import { eventUploadBodyLimit, isEventUploadRequest } from "./events/event-upload-limit";
import { waitlistRoutes } from "./events/waitlist-routes";
import { accessLog } from "./http/access-log";
import { sizedBodyLimit } from "./http/body-limit";
import { handleError } from "./http/error-handler";
import { START_AFTER_PAINT_SOURCE } from "./http/first-paint";
import { loadSession } from "./http/load-session";
import { metricsEndpoint } from "./http/metrics-endpoint";
import { validateResponses } from "./http/response-contracts";
import { sameOriginOnly } from "./http/same-origin";
import { staticClient } from "./http/static-files";
import { systemRoutes } from "./http/system-routes";
import { findUnstorableText } from "./http/unstorable-text";
import { AppError } from "./lib/errors";
import { membershipRoutes } from "./membership/membership-routes";
import { inboundSmsRoutes } from "./notifications/inbound-sms-routes";
import { notificationRoutes } from "./notifications/notification-routes";
import { phoneCodeRoutes } from "./notifications/phone-code-routes";
import { createTestBillingRoutes } from "./payments/test-billing-routes";
import { createTestCheckoutRoutes } from "./payments/test-checkout-routes";
import { createWebhookRoutes } from "./payments/webhook-routes";
import { staffRoutes } from "./staff/staff-routes";
import { venueFileRoutes } from "./venue/venue-files";
import { venueRoutes } from "./venue/venue-routes";
import { isVenueUploadRequest, venueUploadBodyLimit } from "./venue/venue-upload-limit";

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
      const nulAt = findUnstorableText(result.data);
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
  api.route("/", checkInRoutes);
  api.route("/", bookingRoutes);
  api.route("/", manageRoutes);
  api.route("/", eventRoutes);
  api.route("/", adminEventRoutes);
  api.route("/", venueRoutes);
  api.route("/", staffRoutes);
  api.route("/", waitlistRoutes);
  api.route("/", membershipRoutes);
  api.route("/", notificationRoutes);
  api.route("/", phoneCodeRoutes);
  api.route("/", inboundSmsRoutes);
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

export function createApp(deps: AppDeps, options: { serveClient?: boolean } = {}) {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError);
  app.use("*", accessLog(deps));
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
    isEventUploadRequest(c.req.method, c.req.path)
      ? eventUploadBodyLimit(c, next)
      : isVenueUploadRequest(c.req.method, c.req.path)
        ? venueUploadBodyLimit(c, next)
        : apiBodyLimit(c, next),
  );
  const api = createApi();
  // Tests (CHECK_RESPONSES, on under NODE_ENV=test and in the browser tests' server) check every
  // answer against its contract; npm start and production skip the cost (decision 036).
  if (deps.config.CHECK_RESPONSES) app.use("/api/*", validateResponses(api, "/api"));
  app.route("/api", api);
  app.get("/metrics", metricsEndpoint);
  app.route("/dev/mailbox", devMailboxRoutes);
  app.route("/dev/sms", devSmsRoutes);
  app.route("/test-checkout", createTestCheckoutRoutes(checkoutPurposes));
  app.route("/test-billing", createTestBillingRoutes());
  app.route("/storage", eventPhotoRoutes);
  app.route("/storage", venueFileRoutes);
  if (options.serveClient !== false) app.route("/", staticClient());
  return app;
}
