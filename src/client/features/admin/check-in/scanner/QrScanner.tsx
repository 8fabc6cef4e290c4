import { Alert, Box, Button, Stack, Text } from "@mantine/core";
import { IconCamera, IconCameraOff } from "@tabler/icons-react";
import { useState } from "react";
import { parseCheckInCode } from "../../../../../domain/check-in";
import { SCANNER_MESSAGES, useQrScanner } from "./use-qr-scanner";

/**
 * Issue 33 item 2: Scan QR code opens the device's camera on the check-in page and hands the
 * first booking reference it reads to `onCode` (which checks it in, as if typed). With no camera,
 * or the camera refused, it says so and points to the typed reference, which always works.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const [stray, setStray] = useState(false);
  const scanner = useQrScanner((text) => {
    if (!parseCheckInCode(text)) {
      setStray(true);
      return false;
    }
    setStray(false);
    onCode(text);
    return true;
  });
  const { state } = scanner;
  const live = state.kind === "starting" || state.kind === "scanning";

  return (
    <Stack gap="sm">
      {live ? (
        <Button
          variant="default"
          leftSection={<IconCameraOff size={18} aria-hidden />}
          onClick={scanner.stop}
        >
          Stop scanning
        </Button>
      ) : (
        <Button
          variant="light"
          leftSection={<IconCamera size={18} aria-hidden />}
          onClick={() => {
            setStray(false);
            scanner.start();
          }}
        >
          Scan QR code
        </Button>
      )}
      <Box style={{ display: live ? "block" : "none" }} aria-label="QR code scanner" role="region">
        <video
          ref={scanner.videoRef}
          muted
          playsInline
          aria-hidden
          style={{ width: "100%", maxHeight: 320, borderRadius: 8, background: "#000", objectFit: "cover" }}
        />
        <Text size="sm" role="status" mt={4}>
          {state.kind === "starting"
            ? "Starting the camera..."
            : stray
              ? "That QR code is not a booking reference. Try the code on the player's email or manage page."
              : "Hold the QR code from the player's email or manage page in front of the camera."}
        </Text>
      </Box>
      {state.kind === "unavailable" && (
        <Alert color="red" role="alert" title="Camera not available" data-testid="scanner-problem">
          {state.reason} {SCANNER_MESSAGES.typeInstead}
        </Alert>
      )}
    </Stack>
  );
}
