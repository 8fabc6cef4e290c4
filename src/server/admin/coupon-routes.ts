import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { couponIdParams, couponInput, couponResponse, couponsResponse } from "../../contracts/admin-coupons";
import { okResponse } from "../../contracts/common";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from "./coupons";

export const couponRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "get",
      path: "/admin/coupons",
      summary: "Coupon codes, newest first",
      responses: { 200: jsonResponse(couponsResponse), ...adminErrors },
    }),
    async (c) => c.json({ coupons: await listCoupons(c.get("deps").db, c.get("deps").now()) }, 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "post",
      path: "/admin/coupons",
      summary: "Create a coupon (SPEC §5 Coupon)",
      request: jsonBody(couponInput),
      responses: { 201: jsonResponse(couponResponse, "Created"), ...adminErrors },
    }),
    async (c) =>
      c.json(
        {
          coupon: await createCoupon(
            c.get("deps").db,
            currentUser(c),
            c.req.valid("json"),
            c.get("deps").now(),
          ),
        },
        201,
      ),
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "put",
      path: "/admin/coupons/{id}",
      summary: "Update a coupon (SPEC §5 Coupon)",
      request: { params: couponIdParams, ...jsonBody(couponInput) },
      responses: { 200: jsonResponse(couponResponse), ...adminErrors },
    }),
    async (c) => {
      const coupon = await updateCoupon(
        c.get("deps").db,
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json"),
        c.get("deps").now(),
      );
      return c.json({ coupon }, 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "delete",
      path: "/admin/coupons/{id}",
      summary: "Delete a coupon",
      request: { params: couponIdParams },
      responses: { 200: jsonResponse(okResponse), ...adminErrors },
    }),
    async (c) => {
      await deleteCoupon(c.get("deps").db, currentUser(c), c.req.valid("param").id, c.get("deps").now());
      return c.json({ ok: true as const }, 200);
    },
  );
