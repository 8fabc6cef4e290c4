// SPEC §5 / §9 Events Photo: an image of at most 5 MB. DECISIONS.md: uploads are checked by
// content, not by name — only these four formats, recognised by their first bytes.

export const EVENT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export type ImageKind = "jpeg" | "png" | "gif" | "webp";

export const IMAGE_EXTENSIONS: Record<ImageKind, string> = {
  jpeg: "jpg",
  png: "png",
  gif: "gif",
  webp: "webp",
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);

/** The image format the bytes really are, or null (a text file named .jpg is null). */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "gif";
  // "RIFF" <4-byte size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return "webp";
  }
  return null;
}
