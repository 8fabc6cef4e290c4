import { detectImageKind, type ImageKind } from "../../domain/event-photo";
import { AppError } from "./errors";

// Uploaded images (event photos, the venue's logo): the type is decided by the bytes, never by the
// name or the browser's word (DECISIONS.md), and what is stored is the picture decoded and encoded
// again (no trailing script, no metadata, the first frame of an animation), oriented and scaled.

/** Larger than any camera's photo; a small file that claims more is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const IMAGE_TOO_LARGE_MESSAGE = "The image is too large (at most 50 megapixels)";

export type CheckedImage = { bytes: Uint8Array; kind: ImageKind };

/** The bytes as a re-encoded JPEG, PNG, GIF or WebP of at most `maxSide` px a side; else `notAnImage`. */
export async function checkedImage(
  bytes: Uint8Array,
  { maxSide, notAnImage }: { maxSide: number; notAnImage: string },
): Promise<CheckedImage> {
  const kind = detectImageKind(bytes);
  if (!kind) throw new AppError("VALIDATION", notAnImage);
  // Loaded on the first upload, not at start: the image library costs the idle server ~20 MB.
  const { default: sharp } = await import("sharp");
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the header is read here, so no pixel limit yet: the size is judged just below.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new AppError("VALIDATION", notAnImage);
  }
  if (!width || !height) throw new AppError("VALIDATION", notAnImage);
  // Checked from the header, before a single pixel is decoded.
  if (width * height > IMAGE_MAX_PIXELS) throw new AppError("VALIDATION", IMAGE_TOO_LARGE_MESSAGE);
  const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }).rotate().resize({
    width: maxSide,
    height: maxSide,
    fit: "inside",
    withoutEnlargement: true,
  });
  const encoded =
    kind === "jpeg"
      ? image.jpeg({ quality: 85 })
      : kind === "png"
        ? image.png()
        : kind === "webp"
          ? image.webp({ quality: 85 })
          : image.gif();
  try {
    return { bytes: new Uint8Array(await encoded.toBuffer()), kind };
  } catch {
    throw new AppError("VALIDATION", notAnImage);
  }
}
