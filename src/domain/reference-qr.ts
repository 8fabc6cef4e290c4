// Issue 33 item 2: the QR code the confirmation email, the manage page and an event registration's
// receipt carry holds the reference itself ("BK-3F2A9C1D", "EV-00AB12CD") and nothing else: the
// desk's scanner reads it as if typed (parseCheckInCode). No token is needed: check-in is staff-only
// and refuses another day's code, so the code opens nothing for whoever sees it
// (docs/decisions/032-check-in-qr.md). The server draws every copy with these settings: the email's
// PNG and the pages' SVG (src/server/email/reference-qr.ts).

/** Medium error correction (15%) keeps a phone photo of a screen or a creased print-out readable. */
export const REFERENCE_QR_OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

/** The picture's size in CSS pixels: big enough for a phone camera across the desk. */
export const REFERENCE_QR_SIZE = 176;

/** The image's text alternative, which names the reference for whoever cannot see the code. */
export const referenceQrAlt = (reference: string) =>
  `Check-in QR code for ${reference.startsWith("EV-") ? "registration" : "booking"} reference ${reference}`;
