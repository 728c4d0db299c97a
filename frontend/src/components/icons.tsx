// Small inline icons: no icon font or library to download.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** A motorcycle from the side: tank, seat, engine, fork and handlebar. */
export const MotorcycleIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="5" cy="16.5" r="3" />
    <circle cx="19" cy="16.5" r="3" />
    <path d="M19 16.5 16 8M14.5 8h3M5 16.5 9.5 14M3 10.5h5.5M14 15l2.8-3.2" />
    <path d="M8.5 11.5c1-2 4.5-2.6 7-1.2v1.2z" fill="currentColor" />
    <rect x="9.5" y="13.5" width="4.5" height="3" rx=".6" />
  </Outline>
);

export const MenuIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Outline>
);

export const CloseIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Outline>
);

export const PhoneIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </Outline>
);

export const MailIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Outline>
);

export const MapPinIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Outline>
);

export const ClockIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Outline>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="m15 18-6-6 6-6" />
  </Outline>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="m9 18 6-6-6-6" />
  </Outline>
);

/** A camera: adding photos, and how many a listing has. */
export const CameraIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M3 8.5A2.5 2.5 0 0 1 5.5 6h1.6l1.4-2h7l1.4 2h1.6A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z" />
    <circle cx="12" cy="13" r="3.5" />
  </Outline>
);

/** A bell: the notifications. */
export const BellIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Outline>
);

export const ShieldCheckIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </Outline>
);

/** A tick in a circle: something confirmed (a phone verified). */
export const CheckCircleIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16 9.8" />
  </Outline>
);

/** A heart: a saved bike. Outlined; `fill="currentColor"` fills it. */
export const HeartIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
  </Outline>
);

/** A flag on its pole: report a listing. */
export const FlagIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </Outline>
);

export const BoltIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M13 3 4 14h7l-1 7 9-11h-7z" />
  </Outline>
);

export const CardIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 10h18M7 15h3" />
  </Outline>
);

export const GoogleIcon = (props: IconProps) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...props}>
    <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8" />
    <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1-3.8 1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23" />
    <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.4-.4-2s.2-1.4.4-2V7.2H2.1a11 11 0 0 0 0 9.8z" />
    <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.2L5.7 10c.9-2.6 3.4-4.6 6.3-4.6" />
  </svg>
);
