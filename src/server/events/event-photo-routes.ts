import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "../deps";
import { present } from "../lib/present";
import { EVENT_PHOTO_NAME_RE, eventPhotoDir } from "./event-photo-storage";

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

/**
 * GET /storage/events/{name}: the uploaded event photos. Only names the app itself gives (so no
 * path can leave the folder), with the type the bytes were checked to be, never sniffed.
 */
export const eventPhotoRoutes = new Hono<AppEnv>().get("/events/:name", async (c) => {
  const name = c.req.param("name");
  const match = EVENT_PHOTO_NAME_RE.exec(name);
  if (!match) return c.text("Not found", 404);
  let bytes: Buffer;
  try {
    bytes = await readFile(join(eventPhotoDir(c.get("deps").config), name));
  } catch {
    return c.text("Not found", 404);
  }
  c.header("content-type", present(CONTENT_TYPES[present(match[1])]));
  c.header("x-content-type-options", "nosniff");
  c.header("content-security-policy", "default-src 'none'; sandbox");
  // Names are never reused, so a photo can be cached for good.
  c.header("cache-control", "public, max-age=31536000, immutable");
  return c.body(new Uint8Array(bytes));
});
