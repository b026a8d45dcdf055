import { afterEach, describe, expect, it, vi } from 'vitest';
import QRCode from 'qrcode';
import { createQrDetector, decodeFrame, loadJsQr, type Frame } from './decode-qr';

/**
 * A real QR image without a canvas (jsdom has none): qrcode's module matrix painted into RGBA pixels, black
 * modules on white with the 4-module quiet zone, `scale` pixels per module, as a camera frame would hold it.
 */
function qrFrame(text: string, scale = 6): Frame {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const width = (modules.size + quiet * 2) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      if (dark) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return { data, width, height: width };
}

describe('decode-qr (jsQR, the path for browsers without BarcodeDetector)', () => {
  it('reads back the signed ticket token from a QR image', async () => {
    const token = 'b1f4e0c2-6a7d-4c1e-9f3a-2d5b8c7e6f10.x7Qm2k9ZpL4vR8sT1uW3yA';
    const jsQR = await loadJsQr();
    expect(decodeFrame(jsQR, qrFrame(token))).toBe(token);
  });

  it('answers null for a frame without a code', async () => {
    const jsQR = await loadJsQr();
    const blank = { data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 };
    expect(decodeFrame(jsQR, blank)).toBeNull();
  });
});

describe('createQrDetector', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const video = (size: number) => ({ videoWidth: size, videoHeight: size }) as HTMLVideoElement;

  it('without BarcodeDetector, reads camera frames with jsQR through a canvas scaled to at most 640 px', async () => {
    const token = 'e1.registration-token';
    const frame = qrFrame(token, 4);
    const drawn: number[][] = [];
    // jsdom has no canvas: a 2D context that hands back the QR frame, as a real one would after drawImage.
    const context = {
      drawImage: (_v: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h]),
      getImageData: () => frame,
    };
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    try {
      const detector = await createQrDetector();
      expect(await detector.detect(video(1280))).toBe(token);
      expect(drawn).toEqual([[0, 0, 640, 640]]);
      expect(await detector.detect(video(0))).toBeNull();
    } finally {
      getContext.mockRestore();
    }
  });

  it("uses the browser's BarcodeDetector for QR codes where present", async () => {
    const options: unknown[] = [];
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        constructor(o: unknown) {
          options.push(o);
        }
        detect = async () => [{ rawValue: 'native.token' }];
      },
    );
    const detector = await createQrDetector();
    expect(await detector.detect(video(640))).toBe('native.token');
    expect(options).toEqual([{ formats: ['qr_code'] }]);
  });
});
