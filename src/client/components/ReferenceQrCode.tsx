import { Stack, Text } from "@mantine/core";
import { REFERENCE_QR_SIZE, referenceQrAlt } from "../../domain/reference-qr";

// Issue 33 item 2: the check-in QR code on the manage page and an event registration's receipt: the
// reference itself (domain/reference-qr.ts), an SVG the server draws and sends with the booking's or
// the registration's data (`checkInQrSvg`), shown as an image. No drawing library in the browser:
// a CommonJS one, even fetched on demand, put a runtime chunk on every page (decision 032). The
// reference is the image's text alternative and is printed under it too.

/** The SVG document as an image's address (an <img> runs nothing the document might hold). */
const svgDataUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function ReferenceQrCode({ reference, svg }: { reference: string; svg: string | null }) {
  // Without the code the reference in the details still checks in.
  if (!svg) return null;
  return (
    <Stack gap={4} align="center" data-testid="check-in-qr">
      <img
        src={svgDataUri(svg)}
        alt={referenceQrAlt(reference)}
        width={REFERENCE_QR_SIZE}
        height={REFERENCE_QR_SIZE}
        style={{ display: "block", background: "#ffffff" }}
      />
      <Text size="sm" c="dimmed" ta="center">
        Show this code or the reference <strong>{reference}</strong> at the front desk to check in.
      </Text>
    </Stack>
  );
}
