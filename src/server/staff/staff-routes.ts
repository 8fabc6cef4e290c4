import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { errorResponse, okResponse } from "../../contracts/common";
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  changeStaffRoleRequest,
  invitationIdParams,
  invitationLookupRequest,
  invitationLookupResponse,
  invitationResponse,
  inviteStaffRequest,
  staffIdParams,
  staffListResponse,
  staffMemberResponse,
} from "../../contracts/staff";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { clientIp } from "../http/client-ip";
import { currentUser } from "../http/guards";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { acceptInvitation, lookUpInvitation } from "./accept-invitation";
import { changeStaffRole, removeStaff } from "./change-staff-role";
import { inviteStaff, revokeInvitation } from "./invite-staff";
import { listStaff } from "./list-staff";

const owner = { ...staffOnly("owner"), tags: ["Staff"] };
const invitationErrors = {
  ...errorResponses,
  404: jsonResponse(errorResponse, "The link is not valid, used, withdrawn or expired"),
  409: jsonResponse(errorResponse, "The address already has an account"),
  429: jsonResponse(errorResponse, "Too many wrong links from this address"),
} as const;

// Issue 33: /admin/staff (the owner's), and the set-password page an invitation's link opens.
export const staffRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...owner,
      method: "get",
      path: "/admin/staff",
      summary: "Everyone on the staff with their role, and the invitations still waiting",
      responses: { 200: jsonResponse(staffListResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await listStaff(c.get("deps"), currentUser(c).id), 200);
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: "post",
      path: "/admin/staff/invitations",
      summary: "Invite a new person by email with a role (an address with an account is refused)",
      request: jsonBody(inviteStaffRequest),
      responses: {
        201: jsonResponse(invitationResponse, "Invited"),
        ...adminErrors,
        429: jsonResponse(errorResponse, "Too many invitations"),
      },
    }),
    async (c) =>
      c.json({ invitation: await inviteStaff(c.get("deps"), currentUser(c), c.req.valid("json")) }, 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: "delete",
      path: "/admin/staff/invitations/{id}",
      summary: "Withdraw a waiting invitation",
      request: { params: invitationIdParams },
      responses: { 200: jsonResponse(okResponse), ...adminErrors },
    }),
    async (c) => {
      await revokeInvitation(c.get("deps"), currentUser(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: "patch",
      path: "/admin/staff/{id}",
      summary: "Give a staff member another role (never leaving the venue without an owner)",
      request: { params: staffIdParams, ...jsonBody(changeStaffRoleRequest) },
      responses: { 200: jsonResponse(staffMemberResponse), ...adminErrors },
    }),
    async (c) => {
      const member = await changeStaffRole(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json").role,
      );
      return c.json({ member }, 200);
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: "delete",
      path: "/admin/staff/{id}",
      summary: "Remove a person from the staff: their sessions end at once (never the last owner)",
      request: { params: staffIdParams },
      responses: { 200: jsonResponse(okResponse), ...adminErrors },
    }),
    async (c) => {
      await removeStaff(c.get("deps"), currentUser(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/staff-invitations/lookup",
      tags: ["Staff"],
      summary: "What an invitation's link is for (the emailed token is the permission)",
      request: jsonBody(invitationLookupRequest),
      responses: { 200: jsonResponse(invitationLookupResponse), ...invitationErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await lookUpInvitation(c.get("deps"), c.req.valid("json").token, clientIp(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/staff-invitations/accept",
      tags: ["Staff"],
      summary: "Set a name and password: the staff account is made with the invitation's role",
      request: jsonBody(acceptInvitationRequest),
      responses: { 201: jsonResponse(acceptInvitationResponse, "Account made"), ...invitationErrors },
    }),
    async (c) => c.json(await acceptInvitation(c.get("deps"), c.req.valid("json"), clientIp(c)), 201),
  );
