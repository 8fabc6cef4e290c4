import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { IMAGE_EXTENSIONS } from "../../domain/event-photo";
import { LOGO_MAX_BYTES, VENUE_IDENTITY_MESSAGES, WAIVER_MAX_BYTES } from "../../domain/venue-identity";
import type { AppEnv } from "../deps";
import { checkedImage } from "../lib/checked-image";
import type { Config } from "../lib/config";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";

// Issue 31 item 4: the venue's logo and liability waiver, uploaded by staff, checked by content as
// event photos are (DECISIONS.md), kept under the storage folder and served by the app.

export const VENUE_FILE_PREFIX = "/storage/venue/";
const VENUE_FILE_NAME_RE = /^(logo|waiver)-\d{10,16}-[0-9a-f]{12}\.(jpg|png|gif|webp|pdf)$/;
const LOGO_MAX_SIDE = 512;

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
};

export type VenueFileKind = "logo" | "waiver";
export type CheckedVenueFile = { kind: VenueFileKind; bytes: Uint8Array; extension: string };

const venueFileDir = (config: Config) => join(config.storageDir, "venue");

async function bytesOf(file: File, maxBytes: number, tooLarge: string): Promise<Uint8Array> {
  if (file.size > maxBytes) throw new AppError("VALIDATION", tooLarge, undefined, { field: "file" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > maxBytes) throw new AppError("VALIDATION", tooLarge, undefined, { field: "file" });
  return bytes;
}

/** "%PDF-" at the start, and an end-of-file marker near the end: a PDF by its bytes, not its name. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 5));
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return head === "%PDF-" && tail.includes("%%EOF");
}

/** The upload as it will be stored, or a 400 with the reason (wrong type, too large). */
export async function checkVenueFile(kind: VenueFileKind, file: File): Promise<CheckedVenueFile> {
  if (kind === "logo") {
    const bytes = await bytesOf(file, LOGO_MAX_BYTES, VENUE_IDENTITY_MESSAGES.logoSize);
    const image = await checkedImage(bytes, {
      maxSide: LOGO_MAX_SIDE,
      notAnImage: VENUE_IDENTITY_MESSAGES.logoType,
    });
    return { kind, bytes: image.bytes, extension: IMAGE_EXTENSIONS[image.kind] };
  }
  const bytes = await bytesOf(file, WAIVER_MAX_BYTES, VENUE_IDENTITY_MESSAGES.waiverSize);
  if (!looksLikePdf(bytes)) {
    throw new AppError("VALIDATION", VENUE_IDENTITY_MESSAGES.waiverType, undefined, { field: "file" });
  }
  return { kind, bytes, extension: "pdf" };
}

/** Writes the file under a new name (never reused, so it can be cached for good) and gives its address. */
export async function storeVenueFile(config: Config, file: CheckedVenueFile, now: Date): Promise<string> {
  const name = `${file.kind}-${now.getTime()}-${randomBytes(6).toString("hex")}.${file.extension}`;
  const dir = venueFileDir(config);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), file.bytes, { flag: "wx" });
  return `${VENUE_FILE_PREFIX}${name}`;
}

/** GET /storage/venue/{name}: only names the app gives, with the type the bytes were checked to be. */
export const venueFileRoutes = new Hono<AppEnv>().get("/venue/:name", async (c) => {
  const name = c.req.param("name");
  const match = VENUE_FILE_NAME_RE.exec(name);
  if (!match) return c.text("Not found", 404);
  let bytes: Buffer;
  try {
    bytes = await readFile(join(venueFileDir(c.get("deps").config), name));
  } catch {
    return c.text("Not found", 404);
  }
  c.header("content-type", present(CONTENT_TYPES[present(match[2])]));
  c.header("x-content-type-options", "nosniff");
  // A sandboxed page may not show a PDF in the browser's viewer; images are sandboxed as event photos are.
  if (match[2] !== "pdf") c.header("content-security-policy", "default-src 'none'; sandbox");
  c.header("cache-control", "public, max-age=31536000, immutable");
  return c.body(new Uint8Array(bytes));
});
