// "Scan the buyer's code": the camera's picture in the handover dialog until the buyer's
// QR code is read, which fills the code field. Shown only where the browser can scan
// (canScanQr); the camera is stopped as soon as the code is read or the seller stops.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '@/lib/i18n/language-context.ts';
import { bookingsMessages } from './bookings.messages.ts';
import { canScanQr, qrDetector, scanUntilCode } from './scan-code.ts';

/** Whether this browser can scan; false until it has said so. */
export function useCanScan(): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    let live = true;
    void canScanQr().then((yes) => {
      if (live) setCan(yes);
    });
    return () => {
      live = false;
    };
  }, []);
  return can;
}

function Camera({ onCode, onFail }: { onCode: (code: string) => void; onFail: () => void }) {
  const t = useT(bookingsMessages);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const stop = new AbortController();
    let stream: MediaStream | null = null;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        const element = video.current;
        const detector = qrDetector();
        if (stop.signal.aborted || !element || !detector) return;
        element.srcObject = stream;
        await element.play().catch(() => undefined);
        const code = await scanUntilCode(detector, element, stop.signal);
        if (code) onCode(code);
      } catch {
        if (!stop.signal.aborted) onFail();
      }
    })();
    return () => {
      stop.abort();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode, onFail]);
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label={t('cameraLabel')}
      className="mt-2 aspect-square w-full max-w-64 rounded-lg bg-stone-900 object-cover"
    />
  );
}

export function CodeScanner({ onCode, disabled }: { onCode: (code: string) => void; disabled: boolean }) {
  const t = useT(bookingsMessages);
  const can = useCanScan();
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState(false);
  // Stable, so the camera is opened once per scan, not again on every render.
  const read = useCallback(
    (code: string) => {
      setScanning(false);
      onCode(code);
    },
    [onCode],
  );
  const fail = useCallback(() => {
    setScanning(false);
    setFailed(true);
  }, []);
  if (!can) return null;
  const buttonLook =
    'rounded-lg border border-brand-700 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60';
  return (
    <div className="mt-3 flex flex-col items-center">
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          setFailed(false);
          setScanning(!scanning);
        }}
        className={buttonLook}
      >
        {scanning ? t('stopScanning') : t('scanCode')}
      </button>
      {scanning && (
        <Camera onCode={read} onFail={fail} />
      )}
      {failed && <p className="mt-2 text-sm text-red-700">{t('cameraFailed')}</p>}
    </div>
  );
}
