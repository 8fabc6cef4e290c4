import { describe, expect, it } from "vitest";
import { decodeQr } from "../../../../../../tests/integration/kits/qr-kit";
import { pickFunction } from "./qr-decoder";
import { cameraProblem, SCANNER_MESSAGES } from "./use-qr-scanner";

// Issue 33 item 2: the desk's scanner says why the camera did not start, and finds jsQR's function
// whichever way its CommonJS bundle is wrapped.

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

  it("finds jsQR's function in the module, however it is wrapped", async () => {
    const jsQR = (await import("jsqr")).default;
    expect(pickFunction(await import("jsqr"))).toBe(jsQR);
    expect(pickFunction({ default: { default: jsQR } })).toBe(jsQR);
    expect(() => pickFunction({ default: {} })).toThrow("The QR decoder did not load");
    // The same decoder reads a code drawn as the email draws it.
    const QRCode = (await import("qrcode")).default;
    expect(await decodeQr(await QRCode.toBuffer("BK-0A1B2C3D", { type: "png" }))).toBe("BK-0A1B2C3D");
  });
});
