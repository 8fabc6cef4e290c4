import jsQR from "jsqr";
import sharp from "sharp";

/**
 * Issue 33 item 2: reads a QR code in a picture (PNG or SVG bytes) with jsQR, the decoder the
 * desk's scanner falls back to where the browser has no BarcodeDetector. Null when none is read.
 */
export async function decodeQr(image: Buffer | string): Promise<string | null> {
  const { data, info } = await sharp(typeof image === "string" ? Buffer.from(image) : image)
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return jsQR(pixels, info.width, info.height)?.data ?? null;
}
