// Issue 33 item 2: reads a QR code from the camera's current frame. The browser's own
// BarcodeDetector where it reads QR codes (Chrome and Edge on Android, macOS and ChromeOS; not
// Safari or desktop Linux); elsewhere jsQR, a pure-JavaScript decoder from npm, fetched from this
// app's own server only once the camera has started on this admin page (decision 032).

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
type BarcodeDetectorLike = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/** Reads the frame now showing in `video`; the QR code's text, or null when none is in view. */
export type FrameDecoder = {
  name: "BarcodeDetector" | "jsQR";
  read(video: HTMLVideoElement): Promise<string | null>;
};

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Detector({ formats: ["qr_code"] });
    return {
      name: "BarcodeDetector",
      read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    };
  } catch {
    return null;
  }
}

async function jsQrDecoder(): Promise<FrameDecoder> {
  const jsQR = pickFunction<typeof import("jsqr").default>(await import("jsqr"));
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return {
    name: "jsQR",
    read: async (video) => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!context || width === 0 || height === 0) return null;
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const frame = context.getImageData(0, 0, width, height);
      return jsQR(frame.data, width, height, { inversionAttempts: "attemptBoth" })?.data ?? null;
    },
  };
}

/** jsQR is a CommonJS bundle whose exports hold `default`: found whichever way the bundler wraps it. */
export function pickFunction<T>(mod: unknown): T {
  let found = mod;
  for (let i = 0; i < 3 && typeof found !== "function"; i++)
    found = (found as { default?: unknown })?.default;
  if (typeof found !== "function") throw new Error("The QR decoder did not load");
  return found as T;
}

/** The best decoder this browser offers. */
export async function frameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? jsQrDecoder();
}
