import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { EVENT_FORM_MESSAGES } from "../../domain/event-form";
import { EVENT_PHOTO_MAX_BYTES, IMAGE_EXTENSIONS, type ImageKind } from "../../domain/event-photo";
import { checkedImage } from "../lib/checked-image";
import type { Config } from "../lib/config";
import { AppError } from "../lib/errors";

// SPEC §7 Photo storage, bucket 'events', name '{timestamp}.{ext}' (plus a random part, so two
// uploads in one millisecond never collide). DECISIONS.md: files live under the storage folder and
// are served by the app; the type is decided by the bytes, never by the name or the browser's word.

export const EVENT_PHOTO_URL_PREFIX = "/storage/events/";
export const EVENT_PHOTO_NAME_RE = /^\d{10,16}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;

export type PhotoUpload = { bytes: Uint8Array; kind: ImageKind };

export const eventPhotoDir = (config: Config) => join(config.storageDir, "events");

/** A photo is shown at most this wide or tall; a larger one is scaled down. */
export const EVENT_PHOTO_MAX_SIDE = 2400;
/**
 * The uploaded file, if it is a JPEG, PNG, GIF or WebP image of at most 5 MB, decoded and
 * encoded again (lib/checked-image.ts), scaled to at most 2400 px a side.
 */
export async function readPhoto(file: File): Promise<PhotoUpload> {
  if (file.size > EVENT_PHOTO_MAX_BYTES) throw new AppError("VALIDATION", EVENT_FORM_MESSAGES.fileSize);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > EVENT_PHOTO_MAX_BYTES) throw new AppError("VALIDATION", EVENT_FORM_MESSAGES.fileSize);
  return checkedImage(bytes, { maxSide: EVENT_PHOTO_MAX_SIDE, notAnImage: EVENT_FORM_MESSAGES.fileType });
}

export type StoredPhoto = { url: string; path: string };

export async function storePhoto(config: Config, upload: PhotoUpload, now: Date): Promise<StoredPhoto> {
  const name = `${now.getTime()}-${randomBytes(6).toString("hex")}.${IMAGE_EXTENSIONS[upload.kind]}`;
  const dir = eventPhotoDir(config);
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, upload.bytes, { flag: "wx" });
  return { url: `${EVENT_PHOTO_URL_PREFIX}${name}`, path };
}

/** When the database refused the event, its photo goes too. */
export async function discardPhoto(photo: StoredPhoto | null): Promise<void> {
  if (photo) await rm(photo.path, { force: true });
}
