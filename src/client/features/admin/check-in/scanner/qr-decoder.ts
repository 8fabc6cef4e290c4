import jsQrUrl from "jsqr/dist/jsQR.js?url";

// Issue 33 item 2: reads a QR code from the camera's current frame. The browser's own
// BarcodeDetector where it reads QR codes (Chrome and Edge on Android, macOS and ChromeOS; not
// Safari or desktop Linux); elsewhere jsQR, a pure-JavaScript decoder from npm, fetched from this
// app's own server only once the camera has started on this admin page (decision 032). jsQR is
// CommonJS: a dynamic import() of it made the bundler add a runtime chunk that every page, /book
// included, then loaded. So its own bundle is served as a file (Vite's ?url) and run as a classic
// script, which sets `window.jsQR` (the bundle's UMD wrapper does so without a module system).

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

type JsQr = typeof import("jsqr").default;

const NOT_LOADED = "The QR decoder did not load";
let loading: Promise<JsQr> | null = null;

/** jsQR's function, its script added to the page once (again after a failed load). */
export function loadJsQr(src: string = jsQrUrl): Promise<JsQr> {
  loading ??= new Promise<JsQr>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const jsQR = (window as { jsQR?: unknown }).jsQR;
      if (typeof jsQR === "function") resolve(jsQR as JsQr);
      else reject(new Error(NOT_LOADED));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(NOT_LOADED));
    };
    document.head.append(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function jsQrDecoder(): Promise<FrameDecoder> {
  const jsQR = await loadJsQr();
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

/** The best decoder this browser offers. */
export async function frameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? jsQrDecoder();
}
