import { EVENT_FORM_MESSAGES } from "../../domain/event-form";
import { EVENT_PHOTO_MAX_BYTES } from "../../domain/event-photo";
import { sizedBodyLimit } from "../http/body-limit";

// The API's bodies are capped at 1 MB; the event create and edit forms carry a photo of up to
// 5 MB (SPEC §9 Events), so only those two requests get room for it plus the form itself.

const UPLOAD_PATH = /^\/api\/admin\/events(\/[0-9a-f-]{36})?$/i;

export const isEventUploadRequest = (method: string, path: string) =>
  (method === "POST" || method === "PUT") && UPLOAD_PATH.test(path);

export const eventUploadBodyLimit = sizedBodyLimit({
  maxSize: EVENT_PHOTO_MAX_BYTES + 256 * 1024,
  onError: (c) => c.json({ error: { code: "VALIDATION", message: EVENT_FORM_MESSAGES.fileSize } }, 413),
});
