// The handover code as a QR code, beside its six digits: a seller whose phone reads QR
// codes scans it instead of typing. Drawn as an SVG of the code's squares, with the
// quiet margin scanners need.
// lean-qr: the lightest maintained encoder on npm (69 kB unpacked, no dependencies; uqr 79 kB, qr 486 kB, qrcode-generator 556 kB), loaded with this dialog only.
import { generate } from 'lean-qr';
import { useT } from '@/lib/i18n/language-context.ts';
import { bookingsMessages } from './bookings.messages.ts';

const MARGIN = 4;

/** The squares of the QR code of `text`, as one SVG path, and its width in squares with the margin. */
export function qrPath(text: string): { path: string; width: number } {
  const code = generate(text);
  const parts: string[] = [];
  for (let y = 0; y < code.size; y += 1) {
    for (let x = 0; x < code.size; x += 1) {
      if (code.get(x, y)) parts.push(`M${String(x + MARGIN)} ${String(y + MARGIN)}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), width: code.size + 2 * MARGIN };
}

export default function CodeQr({ code }: { code: string }) {
  const t = useT(bookingsMessages);
  const { path, width } = qrPath(code);
  return (
    <svg
      role="img"
      aria-label={t('qrLabel')}
      data-testid="handover-qr"
      viewBox={`0 0 ${String(width)} ${String(width)}`}
      shapeRendering="crispEdges"
      className="size-36 shrink-0 rounded-lg bg-white ring-1 ring-stone-200 sm:size-28"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#1c1917" />
    </svg>
  );
}
