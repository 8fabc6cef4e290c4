import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  priceGridRequest,
  priceGridResponse,
  rateCardResponse,
  rateCardSchema,
} from "../../contracts/rate-card";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { readRateCard } from "../settings/rate-card";
import { previewRateCard } from "./preview-rate-card";
import { updateRateCard } from "./update-rate-card";

// Issue 32 item 1: the venue's prices, edited by managers and the owner in /admin/settings/prices.
export const rateCardRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "get",
      path: "/admin/rate-card",
      summary:
        "The venue's rate card: durations and prices per facility type, weekday, weekend, special dates",
      responses: { 200: jsonResponse(rateCardResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const { card, updatedAt } = await readRateCard(c.get("deps").db);
      return c.json({ card, updatedAt: updatedAt?.toISOString() ?? null }, 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "put",
      path: "/admin/rate-card",
      summary:
        "Save the rate card; applies to holds created from now on (confirmed bookings keep their price)",
      request: jsonBody(rateCardSchema),
      responses: { 200: jsonResponse(rateCardResponse), ...adminErrors },
    }),
    async (c) => c.json(await updateRateCard(c.get("deps"), currentUser(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "post",
      path: "/admin/rate-card/preview",
      summary:
        "A day's price grid under the current card and a draft, and what would stop the draft from saving",
      request: jsonBody(priceGridRequest),
      responses: { 200: jsonResponse(priceGridResponse), ...adminErrors },
    }),
    async (c) => c.json(await previewRateCard(c.get("deps"), c.req.valid("json")), 200),
  );
