import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import { eventIdParams, registrationRequest } from "../../contracts/events";
import {
  acceptOfferResponse,
  adminWaitlistEntryParams,
  adminWaitlistResponse,
  joinWaitlistResponse,
  WAITLIST_TOKEN_HEADER,
  waitlistEntryParams,
  waitlistEntryResponse,
  waitlistSettingsRequest,
  waitlistSettingsResponse,
  waitlistTokenBody,
} from "../../contracts/waitlist";
import { WAITLIST_MESSAGES } from "../../domain/waitlist";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { clientIp } from "../http/client-ip";
import { currentUser } from "../http/guards";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { AppError } from "../lib/errors";
import { acceptWaitlistOffer } from "./accept-waitlist-offer";
import { listEventWaitlist, offerPlaceByHand, setWaitlistOfferMinutes } from "./admin-waitlist";
import { getWaitlistEntry } from "./get-waitlist-entry";
import { joinWaitlist } from "./join-waitlist";
import { leaveWaitlist } from "./leave-waitlist";

const error = (description: string) => jsonResponse(errorResponse, description);
const tags = ["Event waitlists"];
const desk = { ...staffOnly("front_desk"), tags };
const manager = { ...staffOnly("manager"), tags };

// Issue 15 §1 (docs/decisions/022). The public routes answer only the holder of an entry's token.
export const waitlistRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/events/{id}/waitlist",
      tags,
      summary: "Join a full event's waitlist (the registration form's fields)",
      request: { params: eventIdParams, ...jsonBody(registrationRequest) },
      responses: {
        201: jsonResponse(joinWaitlistResponse, "Joined"),
        ...errorResponses,
        404: error("Event not found"),
        409: error("Places are free, already on the list, or the event has ended"),
        429: error("Too many joins from this address"),
      },
    }),
    async (c) => {
      const result = await joinWaitlist(
        c.get("deps"),
        c.get("user"),
        c.req.valid("param").id,
        c.req.valid("json"),
        clientIp(c),
      );
      c.header("cache-control", "no-store");
      return c.json(result, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/waitlist/{id}",
      tags,
      summary: `A waitlist entry, for the holder of its token (header ${WAITLIST_TOKEN_HEADER})`,
      request: { params: waitlistEntryParams },
      responses: { 200: jsonResponse(waitlistEntryResponse), ...errorResponses, 404: error("Not found") },
    }),
    async (c) => {
      const token = c.req.header(WAITLIST_TOKEN_HEADER);
      if (!token) throw new AppError("FORBIDDEN", WAITLIST_MESSAGES.notYours);
      c.header("cache-control", "no-store");
      return c.json(await getWaitlistEntry(c.get("deps"), c.req.valid("param").id, token), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/waitlist/{id}/accept",
      tags,
      summary: "Accept the offered place: registered when free, otherwise a pending registration to pay",
      request: { params: waitlistEntryParams, ...jsonBody(waitlistTokenBody) },
      responses: {
        200: jsonResponse(acceptOfferResponse),
        ...errorResponses,
        404: error("Not found"),
        409: error("No open offer"),
        410: error("The offer has lapsed"),
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(
        await acceptWaitlistOffer(c.get("deps"), c.req.valid("param").id, c.req.valid("json").token),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/waitlist/{id}/leave",
      tags,
      summary: "Leave the waitlist, or decline the offer (the place passes to the next person at once)",
      request: { params: waitlistEntryParams, ...jsonBody(waitlistTokenBody) },
      responses: { 200: jsonResponse(waitlistEntryResponse), ...errorResponses, 404: error("Not found") },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(
        await leaveWaitlist(c.get("deps"), c.req.valid("param").id, c.req.valid("json").token),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      ...desk,
      method: "get",
      path: "/admin/events/{id}/waitlist",
      summary: "An event's waitlist with positions and offer states, and the venue's offer time",
      request: { params: eventIdParams },
      responses: { 200: jsonResponse(adminWaitlistResponse), ...adminErrors },
    }),
    async (c) => c.json(await listEventWaitlist(c.get("deps"), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      ...desk,
      method: "post",
      path: "/admin/events/{id}/waitlist/{entryId}/offer",
      summary: "Offer a place by hand to this person",
      request: { params: adminWaitlistEntryParams },
      responses: { 200: jsonResponse(adminWaitlistResponse), ...adminErrors },
    }),
    async (c) => {
      const { id, entryId } = c.req.valid("param");
      return c.json(await offerPlaceByHand(c.get("deps"), currentUser(c), id, entryId), 200);
    },
  )
  .openapi(
    createRoute({
      ...manager,
      method: "put",
      path: "/admin/waitlist-settings",
      summary: "How long a waitlist offer holds a place (minutes)",
      request: jsonBody(waitlistSettingsRequest),
      responses: { 200: jsonResponse(waitlistSettingsResponse), ...adminErrors },
    }),
    async (c) =>
      c.json(
        await setWaitlistOfferMinutes(c.get("deps"), currentUser(c), c.req.valid("json").offerMinutes),
        200,
      ),
  );
