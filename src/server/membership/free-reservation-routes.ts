import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import {
  bookFreeReservationRequest,
  bookFreeReservationResponse,
  freeSlotsQuery,
  freeSlotsResponse,
} from "../../contracts/membership";
import type { AppEnv } from "../deps";
import { currentUser, requireMember } from "../http/guards";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { bookFreeReservation } from "./book-free-reservation";
import { getFreeSlots } from "./get-free-slots";

const error = (description: string) => jsonResponse(errorResponse, description);

// SPEC §2 Member Free Reservations.
export const freeReservationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/membership/free-reservations",
      tags: ["Membership"],
      summary: "The week's free allowance ((N remaining)) and the free court times of a date",
      middleware: [requireMember] as const,
      request: { query: freeSlotsQuery },
      responses: { 200: jsonResponse(freeSlotsResponse), ...errorResponses },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const result = await getFreeSlots(c.get("deps"), currentUser(c).id, c.req.valid("query").date);
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/membership/free-reservations",
      tags: ["Membership"],
      summary: "Book a free 2-hour court (members, 2 per week)",
      middleware: [requireMember] as const,
      request: jsonBody(bookFreeReservationRequest),
      responses: {
        201: jsonResponse(bookFreeReservationResponse, "Booked"),
        ...errorResponses,
        409: error("The week's free reservations are used, or the time was taken"),
      },
    }),
    async (c) => {
      const result = await bookFreeReservation(c.get("deps"), currentUser(c), c.req.valid("json"));
      return c.json(result, 201);
    },
  );
