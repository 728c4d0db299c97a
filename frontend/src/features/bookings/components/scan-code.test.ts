import { afterEach, describe, expect, it, vi } from 'vitest';
import { canScanQr, handoverCodeOf, scanUntilCode, type QrDetector } from './scan-code.ts';

/** A browser's BarcodeDetector that knows `formats`. */
function detectorKnowing(formats: string[] | Error) {
  return class {
    static getSupportedFormats() {
      return formats instanceof Error ? Promise.reject(formats) : Promise.resolve(formats);
    }
    detect() {
      return Promise.resolve([]);
    }
  };
}

const camera = { getUserMedia: vi.fn() };

/** The browser's cameras (none on an insecure page). */
const withCamera = (devices: unknown) => {
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
};

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('whether the browser can scan a QR code', () => {
  it('can, with BarcodeDetector knowing qr_code and a camera', async () => {
    vi.stubGlobal('BarcodeDetector', detectorKnowing(['ean_13', 'qr_code']));
    withCamera(camera);
    expect(await canScanQr()).toBe(true);
  });

  it('cannot without BarcodeDetector (Firefox, Safari, jsdom)', async () => {
    withCamera(camera);
    expect(await canScanQr()).toBe(false);
  });

  it('cannot when BarcodeDetector knows no QR codes, or will not say', async () => {
    withCamera(camera);
    vi.stubGlobal('BarcodeDetector', detectorKnowing(['ean_13']));
    expect(await canScanQr()).toBe(false);
    vi.stubGlobal('BarcodeDetector', detectorKnowing(new Error('no')));
    expect(await canScanQr()).toBe(false);
  });

  it('cannot without a camera (an insecure page has no mediaDevices)', async () => {
    vi.stubGlobal('BarcodeDetector', detectorKnowing(['qr_code']));
    withCamera(undefined);
    expect(await canScanQr()).toBe(false);
  });
});

describe('reading the code', () => {
  it('takes exactly six digits', () => {
    expect(handoverCodeOf(' 230842\n')).toBe('230842');
    expect(handoverCodeOf('23084')).toBeNull();
    expect(handoverCodeOf('https://example.com/230842')).toBeNull();
  });

  it('looks again until a handover code shows, skipping other QR codes and pictures not ready', async () => {
    const answers = [new Error('not ready'), [], [{ rawValue: 'https://shop.example' }], [{ rawValue: '230842' }]];
    const detect = vi.fn(() => {
      const next = answers.shift();
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next ?? []);
    });
    const detector: QrDetector = { detect };
    const code = await scanUntilCode(detector, {} as CanvasImageSource, new AbortController().signal, 1);
    expect(code).toBe('230842');
    expect(detect).toHaveBeenCalledTimes(4);
  });

  it('stops when told to', async () => {
    const stop = new AbortController();
    const detector: QrDetector = { detect: vi.fn(() => Promise.resolve([])) };
    const scanning = scanUntilCode(detector, {} as CanvasImageSource, stop.signal, 1);
    stop.abort();
    expect(await scanning).toBeNull();
  });
});
