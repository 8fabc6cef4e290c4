import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  addFacilityBody,
  facilitiesResponse,
  facilityParams,
  facilityTypeParams,
  reorderFacilitiesBody,
  updateFacilityBody,
} from "../../contracts/venue";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { addFacility } from "./add-facility";
import { listFacilities } from "./facility-tables";
import { reorderFacilities } from "./reorder-facilities";
import { updateFacility } from "./update-facility";

// Courts and bays are venue settings: a manager's (issue 33).
const admin = { ...staffOnly("manager"), tags: ["Admin settings"] };

// Issue 31 item 1: Settings › Courts. Managers and the owner only, on the server (staffOnly).
export const facilityRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...admin,
      method: "get",
      path: "/admin/facilities",
      summary: "The venue's courts and dart bays, active or not, in the venue's order",
      responses: { 200: jsonResponse(facilitiesResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const deps = c.get("deps");
      return c.json(await listFacilities(deps.db, deps.now()), 200);
    },
  )
  .openapi(
    createRoute({
      ...admin,
      method: "post",
      path: "/admin/facilities",
      summary: "Add a court or dart bay (the next id, at the end of the order, active)",
      request: jsonBody(addFacilityBody),
      responses: { 201: jsonResponse(facilitiesResponse), ...adminErrors },
    }),
    async (c) => c.json(await addFacility(c.get("deps"), currentUser(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      ...admin,
      method: "patch",
      path: "/admin/facilities/{facilityType}/{id}",
      summary: "Rename, deactivate or reactivate a court or dart bay",
      request: { params: facilityParams, ...jsonBody(updateFacilityBody) },
      responses: { 200: jsonResponse(facilitiesResponse), ...adminErrors },
    }),
    async (c) => {
      const { facilityType, id } = c.req.valid("param");
      return c.json(
        await updateFacility(c.get("deps"), currentUser(c), facilityType, id, c.req.valid("json")),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      ...admin,
      method: "put",
      path: "/admin/facilities/{facilityType}/order",
      summary: "Set the order the courts (or bays) are listed in",
      request: { params: facilityTypeParams, ...jsonBody(reorderFacilitiesBody) },
      responses: { 200: jsonResponse(facilitiesResponse), ...adminErrors },
    }),
    async (c) => {
      const { facilityType } = c.req.valid("param");
      return c.json(
        await reorderFacilities(c.get("deps"), currentUser(c), facilityType, c.req.valid("json").ids),
        200,
      );
    },
  );
