import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../kernel/deps";
import { auditRoutes } from "./audit-routes";
import { couponRoutes } from "./coupon-routes";
import { dashboardRoutes } from "./dashboard-routes";
import { memberRoutes } from "./member-routes";
import { reservationRoutes } from "./reservation-routes";
import { selfServicePolicyRoutes } from "./self-service-policy-routes";

/** Staff operations (issue 6): every route is admin-only (requireAdmin on each). */
export const adminRoutes = new OpenAPIHono<AppEnv>()
  .route("/", dashboardRoutes)
  .route("/", reservationRoutes)
  .route("/", memberRoutes)
  .route("/", couponRoutes)
  .route("/", auditRoutes)
  .route("/", selfServicePolicyRoutes);
