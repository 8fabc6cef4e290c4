import { Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { REFERENCE_QR_OPTIONS, REFERENCE_QR_SIZE, referenceQrAlt } from "../../domain/reference-qr";
import { Skeleton } from "./Skeleton";

// Issue 33 item 2: the check-in QR code on the manage page and an event registration's receipt: the
// reference itself (domain/reference-qr.ts), drawn here as an SVG image. The drawing library is
// fetched only by the pages that show a code (a dynamic import), so /book and /events keep their
// weight. The reference is the image's text alternative and is printed under it too.

type QrLib = typeof import("qrcode");

async function qrSvgDataUri(reference: string): Promise<string> {
  const mod = (await import("qrcode")) as QrLib & { default?: QrLib };
  const lib = mod.default ?? mod;
  const svg = await lib.toString(reference, {
    ...REFERENCE_QR_OPTIONS,
    type: "svg",
    width: REFERENCE_QR_SIZE,
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function ReferenceQrCode({ reference }: { reference: string }) {
  const [drawn, setDrawn] = useState<{ reference: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    qrSvgDataUri(reference).then(
      (src) => live && setDrawn({ reference, src }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [reference]);

  // Without the code (its script failed to load) the reference in the details still checks in.
  if (failed) return null;
  const src = drawn?.reference === reference ? drawn.src : null;
  return (
    <Stack gap={4} align="center" data-testid="check-in-qr">
      {src ? (
        <img
          src={src}
          alt={referenceQrAlt(reference)}
          width={REFERENCE_QR_SIZE}
          height={REFERENCE_QR_SIZE}
          style={{ display: "block", background: "#ffffff" }}
        />
      ) : (
        <Skeleton style={{ width: REFERENCE_QR_SIZE, height: REFERENCE_QR_SIZE, display: "block" }} />
      )}
      <Text size="sm" c="dimmed" ta="center">
        Show this code or the reference <strong>{reference}</strong> at the front desk to check in.
      </Text>
    </Stack>
  );
}
