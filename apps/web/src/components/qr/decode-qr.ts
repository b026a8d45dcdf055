/** An RGBA frame, as canvas getImageData gives it. */
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export type JsQr = typeof import('jsqr').default;

/** jsQR (about 40 KB) is loaded only on phones without BarcodeDetector, never with the door page itself. */
export const loadJsQr = async (): Promise<JsQr> => (await import('jsqr')).default;

/** The text of the QR code in `frame`, or null when there is none. */
export function decodeFrame(jsQR: JsQr, frame: Frame): string | null {
  const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
  return found?.data ? found.data : null;
}

/** Reads a QR code from the current video frame. */
export interface QrDetector {
  detect(video: HTMLVideoElement): Promise<string | null>;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** jsQR works on at most this many pixels across: enough for a ticket held up to a phone, and fast. */
const MAX_WIDTH = 640;

/** The browser's BarcodeDetector where present (formats ['qr_code']), otherwise jsQR on canvas frames. */
export async function createQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (Native) {
    try {
      const detector = new Native({ formats: ['qr_code'] });
      return { detect: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
    } catch {
      // A detector without QR support throws here: fall through to jsQR.
    }
  }
  const jsQR = await loadJsQr();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    detect: async (video) => {
      if (!context || !video.videoWidth || !video.videoHeight) return null;
      const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      return decodeFrame(jsQR, context.getImageData(0, 0, canvas.width, canvas.height));
    },
  };
}
