// Reading the buyer's QR code with the phone's camera, where the browser can: it has the
// BarcodeDetector API, knows QR codes, and can open a camera. Elsewhere the seller types
// the six digits, as always.

/** The part of the browser's BarcodeDetector used here. */
export interface QrDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

const detectorClass = () => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser can scan a QR code with its camera. */
export async function canScanQr(): Promise<boolean> {
  const Detector = detectorClass();
  if (typeof Detector !== 'function' || typeof (navigator.mediaDevices as MediaDevices | undefined)?.getUserMedia !== 'function') return false;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code');
  } catch {
    return false;
  }
}

export function qrDetector(): QrDetector | null {
  const Detector = detectorClass();
  return Detector ? new Detector({ formats: ['qr_code'] }) : null;
}

/** A handover code read from a QR code: exactly six digits, or nothing. */
export function handoverCodeOf(raw: string): string | null {
  const code = raw.trim();
  return /^\d{6}$/.test(code) ? code : null;
}

/** Looks at `source` every `everyMs` until a handover code shows, or `signal` stops it. */
export async function scanUntilCode(
  detector: QrDetector,
  source: CanvasImageSource,
  signal: AbortSignal,
  everyMs = 250,
): Promise<string | null> {
  while (!signal.aborted) {
    try {
      for (const found of await detector.detect(source)) {
        const code = handoverCodeOf(found.rawValue);
        if (code) return code;
      }
    } catch {
      // Not a picture yet (the camera is starting): look again.
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return null;
}
