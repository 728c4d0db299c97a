// A person's picture, or their initials when they have none or it does not load (a
// photo link that went away, a slow network): never a broken-image icon.
import { useState } from 'react';

/** "Karim Uddin" → "KU"; "rahim" → "R". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0] ?? '', words.at(-1) ?? ''] : words;
  return letters.map((word) => (Array.from(word)[0] ?? '').toUpperCase()).join('');
}

export function Avatar({ image, name, size, className = '' }: { image?: string | null; name: string; size: number; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = image && failed !== image ? image : null;
  if (shown) {
    return (
      <img
        src={shown}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        onError={() => {
          setFailed(shown);
        }}
        className={`rounded-full object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      className={`inline-flex items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700 ${className}`}
    >
      {initials(name) || '?'}
    </span>
  );
}
