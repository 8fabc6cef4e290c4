import { WAIVER_MAX_BYTES } from "../../domain/venue-identity";
import { sizedBodyLimit } from "../http/body-limit";

// The API's bodies are capped at 1 MB; the logo (2 MB) and the waiver (5 MB) uploads get room for
// their file and the form around it, and no more.

const UPLOAD_PATH = /^\/api\/admin\/venue\/(logo|waiver)$/;

export const isVenueUploadRequest = (method: string, path: string) =>
  method === "POST" && UPLOAD_PATH.test(path);

export const venueUploadBodyLimit = sizedBodyLimit({
  maxSize: WAIVER_MAX_BYTES + 64 * 1024,
  onError: (c) => c.json({ error: { code: "VALIDATION", message: "The file must be 5 MB or smaller" } }, 413),
});
