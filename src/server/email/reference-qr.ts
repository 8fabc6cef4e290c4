import { crc32, deflateSync } from "node:zlib";
import QRCode from "qrcode";
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
 * The reference as a PNG QR code, twice the shown size for sharp high-density screens. Each paid
 * booking draws one inside its payment's transaction (issue 35), so it is encoded here rather than
 * through qrcode's PNG renderer (pngjs: an RGBA picture packed pixel by pixel, about 4 ms of the
 * server's CPU a booking): the same pixels as that renderer, as a 1-bit greyscale PNG whose rows
 * repeat wherever the code's rows do: about 400 bytes (a quarter of its) in a tenth of the time.
 */
export function referenceQrPng(reference: string): Buffer {
  const { size, data } = QRCode.create(reference, REFERENCE_QR_OPTIONS).modules;
  const margin = REFERENCE_QR_OPTIONS.margin;
  // qrcode's own geometry for a given width (its renderer's getScale and qrToImageData).
  const scale = (REFERENCE_QR_SIZE * 2) / (size + margin * 2);
  const side = Math.floor((size + margin * 2) * scale);
  const inset = margin * scale;
  const rowBytes = 1 + Math.ceil(side / 8); // the filter byte ("none"), then 8 pixels a byte
  const pixels = Buffer.alloc(rowBytes * side); // 0 is black: light pixels get their bit set
  let previous = -2;
  for (let y = 0; y < side; y++) {
    const row = y * rowBytes;
    const inside = y >= inset && y < side - inset;
    const source = inside ? Math.floor((y - inset) / scale) : -1;
    if (source === previous) {
      pixels.copyWithin(row, row - rowBytes, row);
      continue;
    }
    previous = source;
    let byte = 0;
    for (let x = 0; x < side; x++) {
      const dark =
        source >= 0 &&
        x >= inset &&
        x < side - inset &&
        data[source * size + Math.floor((x - inset) / scale)];
      if (!dark) byte |= 0x80 >> (x & 7);
      if ((x & 7) === 7 || x === side - 1) {
        pixels[row + 1 + (x >> 3)] = byte;
        byte = 0;
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth; colour type 0 (greyscale), deflate, no filter method, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length, type, data and the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, "latin1");
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/** The reference as an SVG QR code, at the size the pages show it (ReferenceQrCode.tsx). */
export async function referenceQrSvg(reference: string): Promise<string> {
  return QRCode.toString(reference, { ...REFERENCE_QR_OPTIONS, type: "svg", width: REFERENCE_QR_SIZE });
}

/** The inline attachment and the HTML that shows it (with the reference as its alt text). */
export function referenceQrPart(reference: string): { attachment: InlineAttachment; html: string } {
  const png = referenceQrPng(reference);
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
