import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../deps";
import { reportRoutes } from "../reports/report-routes";
import { auditRoutes } from "./audit-routes";
import { couponRoutes } from "./coupon-routes";
import { dashboardRoutes } from "./dashboard-routes";
import { exportRoutes } from "./export-routes";
import { memberCancelPolicyRoutes } from "./member-cancel-policy-routes";
import { memberRoutes } from "./member-routes";
import { reservationRoutes } from "./reservation-routes";
import { selfServicePolicyRoutes } from "./self-service-policy-routes";

/** Staff operations (issue 6): every route names the least staff role that may call it (staffOnly). */
export const adminRoutes = new OpenAPIHono<AppEnv>()
  .route("/", dashboardRoutes)
  .route("/", reservationRoutes)
  .route("/", memberRoutes)
  .route("/", couponRoutes)
  .route("/", auditRoutes)
  .route("/", exportRoutes)
  .route("/", reportRoutes)
  .route("/", selfServicePolicyRoutes)
  .route("/", memberCancelPolicyRoutes);
