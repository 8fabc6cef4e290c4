import { useCallback, useEffect, useRef, useState } from "react";
import { type FrameDecoder, frameDecoder } from "./qr-decoder";

// Issue 33 item 2: the phone's (or the desk tablet's) back camera, read a few times a second until
// a QR code is in view. Everything stops (camera light off) when a code is read, on Stop, and
// when the page is left.

export const SCANNER_MESSAGES = {
  noCamera: "This browser cannot use a camera on this page.",
  refused: "Camera access was refused. Allow the camera for this site in the browser's settings.",
  notFound: "No camera could be started on this device.",
  failed: "The camera could not be started.",
  noDecoder: "The QR code reader could not be loaded (check the connection).",
  typeInstead: "Type the booking reference instead.",
} as const;

export type ScannerState =
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "scanning" }
  | { kind: "unavailable"; reason: string };

/** Why getUserMedia failed, as the desk reads it. */
export function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return SCANNER_MESSAGES.refused;
  if (["NotFoundError", "OverconstrainedError", "NotReadableError", "AbortError"].includes(name))
    return SCANNER_MESSAGES.notFound;
  return SCANNER_MESSAGES.failed;
}

const FRAME_INTERVAL_MS = 250;

export function useQrScanner(onRead: (text: string) => boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>({ kind: "idle" });
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;

  const stop = useCallback((next: ScannerState = { kind: "idle" }) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState(next);
  }, []);

  useEffect(() => () => stop(), [stop]);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: "unavailable", reason: SCANNER_MESSAGES.noCamera });
      return;
    }
    setState({ kind: "starting" });
    let decoder: FrameDecoder;
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" } },
        audio: false,
      });
    } catch (err) {
      stop({ kind: "unavailable", reason: cameraProblem(err) });
      return;
    }
    try {
      // The decoder only once there is a camera to read: no camera, nothing more downloaded.
      decoder = await frameDecoder();
    } catch {
      stop({ kind: "unavailable", reason: SCANNER_MESSAGES.noDecoder });
      return;
    }
    const video = videoRef.current;
    if (!video) {
      stop();
      return;
    }
    video.srcObject = stream.current;
    await video.play().catch(() => undefined);
    setState({ kind: "scanning" });
    const tick = async () => {
      if (!stream.current) return;
      const text = await decoder.read(video).catch(() => null);
      if (!stream.current) return;
      // The page decides whether the text is a reference; a stray code keeps the camera reading.
      if (text && onReadRef.current(text)) {
        stop();
        return;
      }
      timer.current = window.setTimeout(() => void tick(), FRAME_INTERVAL_MS);
    };
    void tick();
  }, [stop]);

  return { videoRef, state, start: () => void start(), stop: () => stop() };
}
