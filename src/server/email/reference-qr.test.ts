import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { decodeQr as decode } from "../../../tests/integration/kits/qr-kit";
import { parseCheckInCode } from "../../domain/check-in";
import { REFERENCE_QR_OPTIONS, referenceQrAlt } from "../../domain/reference-qr";
import { REFERENCE_QR_CID, referenceQrPart, referenceQrPng, referenceQrSvg } from "./reference-qr";

// Issue 33 item 2: the check-in QR code holds exactly the reference. Each picture is decoded back
// with jsQR, the decoder the desk's scanner falls back to where the browser has no BarcodeDetector.

const references = ["BK-3F2A9C1D", "BK-00000000", "EV-00AB12CD", "EV-FFFFFFFF"];

describe("the check-in QR code", () => {
  it.each(references)("the email's PNG of %s decodes to exactly the reference", async (reference) => {
    const png = await referenceQrPng(reference);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    const read = await decode(png);
    expect(read).toBe(reference);
    expect(parseCheckInCode(read ?? "")?.reference).toBe(reference);
  });

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
    const part = await referenceQrPart("BK-3F2A9C1D");
    expect(part.attachment).toMatchObject({ contentType: "image/png", cid: REFERENCE_QR_CID });
    expect(await decode(Buffer.from(part.attachment.content, "base64"))).toBe("BK-3F2A9C1D");
    expect(part.html).toContain(`src="cid:${REFERENCE_QR_CID}"`);
    expect(part.html).toContain(`alt="${referenceQrAlt("BK-3F2A9C1D")}"`);
    expect(referenceQrAlt("BK-3F2A9C1D")).toBe("Check-in QR code for booking reference BK-3F2A9C1D");
    expect(referenceQrAlt("EV-00AB12CD")).toBe("Check-in QR code for registration reference EV-00AB12CD");
  });
});
