import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../deps";
import { bookingRulesRoutes } from "./booking-rules-routes";
import { closureRoutes } from "./closure-routes";
import { facilityRoutes } from "./facility-routes";
import { hoursRoutes } from "./hours-routes";
import { identityRoutes } from "./identity-routes";
import { membershipPlansRoutes } from "./membership-plans-routes";
import { rateCardRoutes } from "./rate-card-routes";

/**
 * The venue's own settings (issues 31 and 32): identity, courts and bays, hours, special days,
 * closures, prices, booking rules, membership plans.
 */
export const venueRoutes = new OpenAPIHono<AppEnv>()
  .route("/", identityRoutes)
  .route("/", facilityRoutes)
  .route("/", hoursRoutes)
  .route("/", closureRoutes)
  .route("/", rateCardRoutes)
  .route("/", bookingRulesRoutes)
  .route("/", membershipPlansRoutes);
