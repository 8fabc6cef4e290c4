import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { errorResponse } from "../../contracts/common";
import {
  courtAlertResponse,
  createCourtAlertRequest,
  reminderPreferenceSchema,
  reminderSettingsSchema,
} from "../../contracts/notifications";
import { DEFAULT_REMINDER_LEAD_HOURS } from "../../domain/reminders";
import { users } from "../db/schema";
import type { AppEnv } from "../deps";
import { clientIp } from "../http/client-ip";
import { currentUser, requireStaff, requireUser } from "../http/guards";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { createCourtAlert } from "./create-court-alert";
import { loadReminderSettings } from "./reminder-settings";
import { updateReminderSettings } from "./update-reminder-settings";

const error = (description: string) => jsonResponse(errorResponse, description);

export const notificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/court-alerts",
      tags: ["Booking"],
      summary: "Be told by email (and SMS with consent) when a court or bay frees at a full time",
      request: jsonBody(createCourtAlertRequest),
      responses: {
        201: jsonResponse(courtAlertResponse, "Alert set"),
        400: errorResponses[400],
        409: error("A court or bay is free at this time: book it"),
        429: error("Too many alerts for this person or address"),
      },
    }),
    async (c) => {
      const result = await createCourtAlert(c.get("deps"), c.get("user"), c.req.valid("json"), clientIp(c));
      return c.json(result, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/me/reminders",
      tags: ["Profile"],
      summary: "Whether the signed-in player gets booking reminders",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse(reminderPreferenceSchema), 401: errorResponses[401] },
    }),
    async (c) => {
      const [row] = await c
        .get("deps")
        .db.select({ enabled: users.remindersEnabled })
        .from(users)
        .where(eq(users.id, currentUser(c).id));
      return c.json({ enabled: row?.enabled ?? true }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/me/reminders",
      tags: ["Profile"],
      summary: "Turn booking reminders (email and SMS) on or off",
      middleware: [requireUser] as const,
      request: jsonBody(reminderPreferenceSchema),
      responses: {
        200: jsonResponse(reminderPreferenceSchema),
        400: errorResponses[400],
        401: errorResponses[401],
      },
    }),
    async (c) => {
      const { enabled } = c.req.valid("json");
      await c
        .get("deps")
        .db.update(users)
        .set({ remindersEnabled: enabled, updatedAt: c.get("deps").now() })
        .where(eq(users.id, currentUser(c).id));
      return c.json({ enabled }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/reminder-settings",
      tags: ["Admin"],
      summary: "Reminder lead times",
      middleware: [requireStaff("manager")] as const, // a venue setting: manager
      responses: { 200: jsonResponse(reminderSettingsSchema), ...errorResponses },
    }),
    async (c) => {
      const settings = await loadReminderSettings(c.get("deps").db);
      return c.json(
        {
          leadHours: settings.leadHours ?? DEFAULT_REMINDER_LEAD_HOURS,
          secondLeadHours: settings.secondLeadHours,
          smsProvider: c.get("deps").sms.enabled ? ("twilio" as const) : ("none" as const),
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/reminder-settings",
      tags: ["Admin"],
      summary: "Set the reminder lead times",
      middleware: [requireStaff("manager")] as const, // a venue setting: manager
      request: jsonBody(reminderSettingsSchema),
      responses: { 200: jsonResponse(reminderSettingsSchema), ...errorResponses },
    }),
    async (c) => {
      const { leadHours, secondLeadHours } = c.req.valid("json");
      const saved = await updateReminderSettings(c.get("deps"), currentUser(c), {
        leadHours,
        secondLeadHours,
      });
      return c.json(
        {
          leadHours,
          secondLeadHours: saved.secondLeadHours,
          smsProvider: c.get("deps").sms.enabled ? ("twilio" as const) : ("none" as const),
        },
        200,
      );
    },
  );
