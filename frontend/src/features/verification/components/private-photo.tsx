// One photo of a pending request, as an admin checks it: fetched with the admin's token
// (an `<img src>` could not), shown whole and wide enough to read an ID card on a phone,
// and a tap opens it full screen, where it fits the screen or shows at its actual size to
// read the small print (scrolling, or pinching, around it).
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/icons.tsx';
import { keepTabInside, useFocusReturn } from '@/components/focus-trap.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { useNearScreen, usePrivatePhoto } from '@/features/verification/hooks/use-private-photo.ts';
import { verificationMessages } from '@/features/verification/verification.messages.ts';

export function PrivatePhoto({ name, label, sellerName }: { name: string; label: string; sellerName: string }) {
  const t = useT(verificationMessages);
  const [figure, near] = useNearScreen();
  const photo = usePrivatePhoto(name, t('photoFailed'), near);
  const [open, setOpen] = useState(false);
  const title = t('photoOf', { label, name: sellerName });
  const frame = 'aspect-[4/3] w-full rounded-xl bg-stone-900/90 ring-1 ring-stone-200';

  let shown;
  if (photo.state === 'loading') {
    shown = (
      <div role="status" aria-label={t('photoLoading')} className={`${frame} grid place-items-center`}>
        <span className="size-8 animate-spin rounded-full border-4 border-dashed border-white/70 motion-reduce:animate-none" />
      </div>
    );
  } else if (photo.state === 'failed') {
    shown = (
      <div className={`${frame} grid place-content-center justify-items-center gap-3 bg-stone-100 p-4 text-center`}>
        <p role="alert" className="text-sm text-red-700">
          {photo.message}
        </p>
        <button
          type="button"
          onClick={photo.retry}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-50"
        >
          {t('tryAgain')}
        </button>
      </div>
    );
  } else {
    shown = (
      <button
        type="button"
        aria-label={t('openFull', { label })}
        onClick={() => {
          setOpen(true);
        }}
        className={`${frame} block cursor-zoom-in overflow-hidden focus-visible:ring-4 focus-visible:ring-brand-600 focus-visible:outline-none`}
      >
        <img src={photo.url} alt={title} className="size-full object-contain" />
      </button>
    );
  }

  return (
    <figure ref={figure} className="min-w-0">
      {shown}
      <figcaption className="mt-1.5 text-sm font-medium text-stone-800">{label}</figcaption>
      {open && photo.state === 'shown' && (
        <PhotoViewer
          url={photo.url}
          title={title}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </figure>
  );
}

/** The photo full screen: fitted to it, or at its actual size; Escape or Close ends it. */
function PhotoViewer({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const t = useT(verificationMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [actual, setActual] = useState(false);
  useFocusReturn();

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    closeButton.current?.focus();
    return () => {
      element.close();
    };
  }, []);

  return createPortal(
    <dialog
      ref={dialog}
      aria-label={title}
      onCancel={(event) => {
        // Escape, or a phone's back gesture: closed by us, so React knows.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (dialog.current) keepTabInside(event, dialog.current);
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-stone-950 p-0 text-white backdrop:bg-stone-950"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-2 border-b border-white/10 px-3 py-2">
          <p className="min-w-0 flex-1 truncate text-sm font-semibold">{title}</p>
          <button
            type="button"
            onClick={() => {
              setActual((now) => !now);
            }}
            className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/10"
          >
            {actual ? t('fitScreen') : t('actualSize')}
          </button>
          <button
            ref={closeButton}
            type="button"
            aria-label={t('close')}
            onClick={onClose}
            className="grid size-11 shrink-0 place-items-center rounded-lg text-white hover:bg-white/10"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <div className={`min-h-0 flex-1 overflow-auto ${actual ? '' : 'grid place-items-center p-2'}`}>
          <img
            src={url}
            alt={title}
            onClick={() => {
              setActual((now) => !now);
            }}
            className={actual ? 'max-w-none cursor-zoom-out' : 'max-h-full max-w-full cursor-zoom-in object-contain'}
          />
        </div>
      </div>
    </dialog>,
    document.body,
  );
}
