import QRCode, { type QRCodeToBufferOptions } from "qrcode";
import { REFERENCE_QR_OPTIONS, REFERENCE_QR_SIZE, referenceQrAlt } from "../../domain/reference-qr";
import { escapeHtml } from "../lib/escape-html";

// Issue 33 item 2: the check-in QR code in a confirmation email, as a PNG attached inline (a CID
// attachment): mail clients that block data: URIs (Gmail, Outlook) show an inline part, and no
// remote image is fetched. The manage page's and the receipt's copy is an SVG drawn here too and
// sent in their data (decision 032): the drawing library stays out of the browser's bundle.

export const REFERENCE_QR_CID = "check-in-qr@venue-booking";

export type InlineAttachment = {
  filename: string;
  contentType: string;
  /** Base64, as the outbox stores attachments. */
  content: string;
  /** Referenced from the HTML as `cid:…`. */
  cid: string;
};

/**
 * pngjs's options (beyond qrcode's types): grey, a quarter of RGBA's bytes, and one row filter
 * ("up": a QR code's rows repeat) instead of trying all five on every row. Each paid booking draws
 * one in the payment's transaction: half the CPU of the defaults, and a smaller file (issue 35).
 */
const PNG_ENCODING = { colorType: 0, filterType: 2 } as QRCodeToBufferOptions["rendererOpts"];

/** The reference as a PNG QR code, twice the shown size for sharp high-density screens. */
export async function referenceQrPng(reference: string): Promise<Buffer> {
  const size = REFERENCE_QR_SIZE * 2;
  return QRCode.toBuffer(reference, {
    ...REFERENCE_QR_OPTIONS,
    type: "png",
    width: size,
    rendererOpts: PNG_ENCODING,
  });
}

/** The reference as an SVG QR code, at the size the pages show it (ReferenceQrCode.tsx). */
export async function referenceQrSvg(reference: string): Promise<string> {
  return QRCode.toString(reference, { ...REFERENCE_QR_OPTIONS, type: "svg", width: REFERENCE_QR_SIZE });
}

/** The inline attachment and the HTML that shows it (with the reference as its alt text). */
export async function referenceQrPart(
  reference: string,
): Promise<{ attachment: InlineAttachment; html: string }> {
  const png = await referenceQrPng(reference);
  return {
    attachment: {
      filename: "check-in-qr.png",
      contentType: "image/png",
      content: png.toString("base64"),
      cid: REFERENCE_QR_CID,
    },
    html: `<img src="cid:${REFERENCE_QR_CID}" alt="${escapeHtml(referenceQrAlt(reference))}" width="${REFERENCE_QR_SIZE}" height="${REFERENCE_QR_SIZE}" style="display:block;border:0">`,
  };
}
