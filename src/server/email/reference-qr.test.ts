import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeQr as decode } from "../../../tests/integration/kits/qr-kit";
import { parseCheckInCode } from "../../domain/check-in";
import { REFERENCE_QR_OPTIONS, REFERENCE_QR_SIZE, referenceQrAlt } from "../../domain/reference-qr";
import { REFERENCE_QR_CID, referenceQrPart, referenceQrPng, referenceQrSvg } from "./reference-qr";

// Issue 33 item 2: the check-in QR code holds exactly the reference. Each picture is decoded back
// with jsQR, the decoder the desk's scanner falls back to where the browser has no BarcodeDetector.

const references = ["BK-3F2A9C1D", "BK-00000000", "EV-00AB12CD", "EV-FFFFFFFF"];

describe("the check-in QR code", () => {
  it.each(references)("the email's PNG of %s decodes to exactly the reference", async (reference) => {
    const png = referenceQrPng(reference);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    const read = await decode(png);
    expect(read).toBe(reference);
    expect(parseCheckInCode(read ?? "")?.reference).toBe(reference);
  });

  it.each(references)(
    "the email's PNG of %s has qrcode's own renderer's pixels, in under a quarter of its bytes",
    async (reference) => {
      const ours = referenceQrPng(reference);
      const theirs = await QRCode.toBuffer(reference, {
        ...REFERENCE_QR_OPTIONS,
        type: "png",
        width: REFERENCE_QR_SIZE * 2,
      });
      const grey = (png: Buffer) => sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
      const [a, b] = await Promise.all([grey(ours), grey(theirs)]);
      expect(a.info.width).toBe(REFERENCE_QR_SIZE * 2);
      expect(a.info).toMatchObject({ width: b.info.width, height: b.info.height, channels: b.info.channels });
      expect(a.data.equals(b.data)).toBe(true);
      expect(new Set(a.data)).toEqual(new Set([0, 255]));
      expect(ours.length).toBeLessThan(theirs.length / 4);
    },
  );

  it.each(references)(
    "the pages' SVG of %s, at the size shown, decodes to exactly the reference",
    async (reference) => {
      const svg = await referenceQrSvg(reference);
      expect(svg).toMatch(/^<svg [^>]*width="176" height="176"/);
      expect(await decode(svg)).toBe(reference);
    },
  );

  it("carries one segment whose data is the reference and nothing else", () => {
    const code = QRCode.create("BK-3F2A9C1D", REFERENCE_QR_OPTIONS);
    expect(code.segments.map((s) => String(s.data)).join("")).toBe("BK-3F2A9C1D");
    expect(code.errorCorrectionLevel.bit).toBe(
      QRCode.create("X", { errorCorrectionLevel: "M" }).errorCorrectionLevel.bit,
    );
  });

  it("is an inline (CID) image whose alt text gives the reference", async () => {
    const part = referenceQrPart("BK-3F2A9C1D");
    expect(part.attachment).toMatchObject({ contentType: "image/png", cid: REFERENCE_QR_CID });
    expect(await decode(Buffer.from(part.attachment.content, "base64"))).toBe("BK-3F2A9C1D");
    expect(part.html).toContain(`src="cid:${REFERENCE_QR_CID}"`);
    expect(part.html).toContain(`alt="${referenceQrAlt("BK-3F2A9C1D")}"`);
    expect(referenceQrAlt("BK-3F2A9C1D")).toBe("Check-in QR code for booking reference BK-3F2A9C1D");
    expect(referenceQrAlt("EV-00AB12CD")).toBe("Check-in QR code for registration reference EV-00AB12CD");
  });
});
