import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../deps";
import { freeReservationRoutes } from "./free-reservation-routes";
import { myMembershipRoutes } from "./my-membership-routes";
import { myReservationRoutes } from "./my-reservation-routes";
import { signupRoutes } from "./signup-routes";

/**
 * SPEC §2 Join membership, Member Free Reservations, My Reservations, and a member's own membership
 * page (issue 34). Guests get 401 and signed-in non-members 403 "This page is for members only" from
 * the guards; a frozen account has no session.
 */
export const membershipRoutes = new OpenAPIHono<AppEnv>()
  .route("/", signupRoutes)
  .route("/", freeReservationRoutes)
  .route("/", myMembershipRoutes)
  .route("/", myReservationRoutes);
