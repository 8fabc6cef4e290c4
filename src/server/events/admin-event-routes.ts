import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { okResponse } from "../../contracts/common";
import {
  adminAddRegistrationRequest,
  adminEventDetailResponse,
  adminEventListResponse,
  adminRegistrationResponse,
  availableCourtsQuery,
  availableCourtsResponse,
  createEventsResponse,
  deleteEventResponse,
  type EventInput,
  eventIdParams,
  eventInput,
  refundRegistrationRequest,
  registrationIdParams,
  seriesScopeQuery,
  updateEventResponse,
} from "../../contracts/events";
import type { AppEnv } from "../deps";
import { adminErrors, managerPasswordErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { AppError } from "../lib/errors";
import { addRegistration } from "./add-registration";
import { createEvents } from "./create-events";
import { deleteEvent } from "./delete-event";
import { deleteRegistration } from "./delete-registration";
import { getAdminEvent } from "./get-admin-event";
import { getAvailableCourts } from "./get-available-courts";
import { listAdminEvents } from "./list-admin-events";
import { refundRegistration } from "./refund-registration";
import { updateEvent } from "./update-event";

const tags = ["Admin events"];
const desk = { ...staffOnly("front_desk"), tags };
const manager = { ...staffOnly("manager"), tags };

/** SPEC §7 create-event: JSON, or multipart with the same JSON in "body" and the image in "photo". */
const eventFormFields = z.object({
  body: z.string().openapi({ description: "The event form as JSON (see the JSON body)" }),
  photo: z.any().optional().openapi({ type: "string", format: "binary" }),
});
const eventFormBody = {
  body: {
    required: false,
    content: {
      "application/json": { schema: eventInput },
      "multipart/form-data": { schema: eventFormFields },
    },
  },
};

/** Either body, each already checked by its validator (only the one matching the content type runs). */
type EventFormRequest = {
  req: { header(name: string): string | undefined; valid(target: "json" | "form"): unknown };
};

function readEventForm(c: EventFormRequest): { input: EventInput; photo: File | null } {
  const contentType = c.req.header("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/")) {
    // No body at all (or not JSON) leaves nothing validated: refused, never read as a form.
    const input = c.req.valid("json") as EventInput | undefined;
    if (!contentType.toLowerCase().startsWith("application/json") || !input)
      throw new AppError("VALIDATION", "Invalid request");
    return { input, photo: null };
  }
  const form = c.req.valid("form") as z.infer<typeof eventFormFields>;
  let json: unknown;
  try {
    json = JSON.parse(form.body);
  } catch {
    throw new AppError("VALIDATION", "Invalid request");
  }
  const parsed = eventInput.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      "VALIDATION",
      issue?.message.startsWith("Invalid") === false ? issue.message : "Invalid request",
      {
        field: issue?.path.join("."),
      },
    );
  }
  const photo = form.photo instanceof File && form.photo.size > 0 ? form.photo : null;
  return { input: parsed.data, photo };
}

// SPEC §2 Admin events list, Create/Edit Event, the detail modal; §7 Events, Event registrations.
// Staff only, on the server too: the front desk handles registrations, a manager the events themselves.
export const adminEventRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...desk,
      method: "get",
      path: "/admin/events",
      summary: "Every event, past ones too, with participant counts and Upcoming/Completed",
      responses: { 200: jsonResponse(adminEventListResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "private, no-store");
      return c.json(await listAdminEvents(c.get("deps")), 200);
    },
  )
  .openapi(
    createRoute({
      ...manager,
      method: "get",
      path: "/admin/events/available-courts",
      summary: "SPEC §5 Courts offered for a date and time (the edited event not counted)",
      request: { query: availableCourtsQuery },
      responses: { 200: jsonResponse(availableCourtsResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await getAvailableCourts(c.get("deps"), c.req.valid("query")), 200);
    },
  )
  .openapi(
    createRoute({
      ...manager,
      method: "post",
      path: "/admin/events",
      summary: "Create an event, or one per occurrence when recurring, all or none",
      request: eventFormBody,
      responses: { 201: jsonResponse(createEventsResponse, "Created"), ...adminErrors },
    }),
    async (c) => {
      const { input, photo } = readEventForm(c);
      return c.json(await createEvents(c.get("deps"), currentUser(c), input, photo), 201);
    },
  )
  .openapi(
    createRoute({
      ...desk,
      method: "get",
      path: "/admin/events/{id}",
      summary: "One event with its registrations (the detail modal and the edit form)",
      request: { params: eventIdParams },
      responses: { 200: jsonResponse(adminEventDetailResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "private, no-store");
      return c.json(await getAdminEvent(c.get("deps"), c.req.valid("param").id), 200);
    },
  )
  .openapi(
    createRoute({
      ...manager,
      method: "put",
      path: "/admin/events/{id}",
      summary: "Edit an event, or with scope this and the following ones or its whole series",
      request: { params: eventIdParams, query: seriesScopeQuery, ...eventFormBody },
      responses: { 200: jsonResponse(updateEventResponse), ...adminErrors },
    }),
    async (c) => {
      const { input, photo } = readEventForm(c);
      const { scope } = c.req.valid("query");
      return c.json(
        await updateEvent(c.get("deps"), currentUser(c), c.req.valid("param").id, input, photo, scope),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      ...manager,
      method: "delete",
      path: "/admin/events/{id}",
      summary:
        "Delete an event and its registrations, or with scope this and the following ones or its whole series",
      request: { params: eventIdParams, query: seriesScopeQuery },
      responses: { 200: jsonResponse(deleteEventResponse), ...adminErrors },
    }),
    async (c) => {
      const count = await deleteEvent(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("query").scope,
      );
      return c.json({ ok: true as const, count }, 200);
    },
  )
  .openapi(
    createRoute({
      ...desk,
      method: "post",
      path: "/admin/events/{id}/registrations",
      summary: "Add Registration: confirmed and paid at once",
      request: { params: eventIdParams, ...jsonBody(adminAddRegistrationRequest) },
      responses: { 201: jsonResponse(adminRegistrationResponse, "Added"), ...adminErrors },
    }),
    async (c) => {
      const registration = await addRegistration(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ registration }, 201);
    },
  )
  .openapi(
    createRoute({
      ...desk,
      method: "delete",
      path: "/admin/event-registrations/{id}",
      summary: "Delete a registration",
      request: { params: registrationIdParams },
      responses: { 200: jsonResponse(okResponse), ...adminErrors },
    }),
    async (c) => {
      await deleteRegistration(c.get("deps"), currentUser(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      ...manager,
      method: "post",
      path: "/admin/event-registrations/{id}/refund",
      summary: "SPEC §7 refund_event_registration, behind the manager password",
      request: { params: registrationIdParams, ...jsonBody(refundRegistrationRequest) },
      responses: { 200: jsonResponse(adminRegistrationResponse), ...managerPasswordErrors },
    }),
    async (c) => {
      const registration = await refundRegistration(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json").managerPassword,
      );
      return c.json({ registration }, 200);
    },
  );
