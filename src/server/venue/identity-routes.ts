import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { venueIdentityBody, venueIdentityResponse } from "../../contracts/venue";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { AppError } from "../lib/errors";
import { loadVenueIdentity } from "../settings/venue-settings";
import { identityDto, updateVenueIdentity, uploadVenueFile } from "./update-venue-identity";
import type { VenueFileKind } from "./venue-files";

// Venue settings are a manager's (issue 33).
const admin = { ...staffOnly("manager"), tags: ["Admin settings"] };

const fileForm = {
  body: {
    required: true,
    content: {
      "multipart/form-data": {
        schema: z.object({ file: z.any().openapi({ type: "string", format: "binary" }) }),
      },
    },
  },
};

const uploadRoute = (kind: VenueFileKind, summary: string) =>
  createRoute({
    ...admin,
    method: "post",
    path: `/admin/venue/${kind}`,
    summary,
    request: fileForm,
    responses: { 200: jsonResponse(venueIdentityResponse), ...adminErrors },
  });

/** The uploaded file of a multipart form's "file" field, or a 400. */
function uploadedFile(form: { file?: unknown }): File {
  if (form.file instanceof File && form.file.size > 0) return form.file;
  throw new AppError("VALIDATION", "Choose a file to upload", undefined, { field: "file" });
}

// Issue 31 item 4: Settings › Venue. Managers and the owner only, on the server (staffOnly).
export const identityRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...admin,
      method: "get",
      path: "/admin/venue",
      summary: "The venue's identity as staff edit it",
      responses: { 200: jsonResponse(venueIdentityResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const { db, config } = c.get("deps");
      return c.json(identityDto(await loadVenueIdentity(db, config)), 200);
    },
  )
  .openapi(
    createRoute({
      ...admin,
      method: "put",
      path: "/admin/venue",
      summary: "Save the venue's name, club name, contact, address, policy links and brand colour",
      request: jsonBody(venueIdentityBody),
      responses: { 200: jsonResponse(venueIdentityResponse), ...adminErrors },
    }),
    async (c) => c.json(await updateVenueIdentity(c.get("deps"), currentUser(c), c.req.valid("json")), 200),
  )
  .openapi(uploadRoute("logo", "Upload the venue's logo (JPEG, PNG, GIF or WebP, 2 MB at most)"), async (c) =>
    c.json(
      await uploadVenueFile(c.get("deps"), currentUser(c), "logo", uploadedFile(c.req.valid("form"))),
      200,
    ),
  )
  .openapi(uploadRoute("waiver", "Upload the liability waiver (PDF, 5 MB at most)"), async (c) =>
    c.json(
      await uploadVenueFile(c.get("deps"), currentUser(c), "waiver", uploadedFile(c.req.valid("form"))),
      200,
    ),
  );
