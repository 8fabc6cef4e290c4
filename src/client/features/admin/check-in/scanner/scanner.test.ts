import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { runInNewContext } from "node:vm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cameraProblem, SCANNER_MESSAGES } from "./use-qr-scanner";

// Issue 33 item 2: the desk's scanner says why the camera did not start, and jsQR's own bundle,
// which it loads as a script where the browser has no BarcodeDetector, gives the decoder.

describe("the check-in scanner", () => {
  it.each([
    ["NotAllowedError", SCANNER_MESSAGES.refused],
    ["SecurityError", SCANNER_MESSAGES.refused],
    ["NotFoundError", SCANNER_MESSAGES.notFound],
    ["NotReadableError", SCANNER_MESSAGES.notFound],
    ["OverconstrainedError", SCANNER_MESSAGES.notFound],
    ["TypeError", SCANNER_MESSAGES.failed],
  ])("explains a camera that fails with %s", (name, message) => {
    expect(cameraProblem(new DOMException("no", name))).toBe(message);
  });

  it("explains anything else as a camera that could not start", () => {
    expect(cameraProblem("odd")).toBe(SCANNER_MESSAGES.failed);
  });

  it("runs jsQR's own bundle as a classic script: it sets jsQR, which reads the email's code", async () => {
    // What loadJsQr relies on: the file it adds as a <script> defines a global jsQR function
    // (no module system on the page).
    const file = createRequire(import.meta.url).resolve("jsqr/dist/jsQR.js");
    const page: { self?: unknown; jsQR?: unknown } = {};
    page.self = page;
    runInNewContext(readFileSync(file, "utf8"), page);
    const jsQR = page.jsQR as typeof import("jsqr").default;
    expect(typeof jsQR).toBe("function");
    const QRCode = (await import("qrcode")).default;
    const png = await QRCode.toBuffer("BK-0A1B2C3D", { type: "png" });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
    expect(jsQR(pixels, info.width, info.height)?.data).toBe("BK-0A1B2C3D");
  });
});
