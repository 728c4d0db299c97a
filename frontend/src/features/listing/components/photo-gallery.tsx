// A listing's photos, the cover first: a strip that snaps one photo at a time, so a thumb
// swipes through them on a phone with the browser's own scrolling (momentum, no script on
// the way); a counter ("2 / 5") and dots say where it is. On a desktop, arrow buttons and
// thumbnails; with the strip focused, the arrow keys, Home and End.
import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons.tsx';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { photoGalleryMessages } from './photo-gallery.messages.ts';

const arrowLook =
  'absolute top-1/2 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-md ring-1 ring-stone-200 hover:bg-white disabled:opacity-0 sm:flex';

export function PhotoGallery({ photos, name }: { photos: readonly string[]; name: string }) {
  const t = useT(photoGalleryMessages);
  const { locale } = useLanguage();
  const digits = (n: number) => localDigits(String(n), locale);
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // Where a button or key sent the strip: the scroll events on the way there are not a swipe.
  const target = useRef<number | null>(null);
  const count = photos.length;
  // A seller may remove photos while the page is open.
  const shown = Math.min(index, Math.max(0, count - 1));

  const goTo = (next: number) => {
    const clamped = Math.max(0, Math.min(count - 1, next));
    setIndex(clamped);
    const element = strip.current;
    if (!element) return;
    target.current = clamped;
    // Smooth where the reader allows motion (the strip's CSS), instant otherwise.
    element.scrollLeft = clamped * element.clientWidth;
  };

  const onScroll = () => {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const at = Math.round(element.scrollLeft / element.clientWidth);
    if (target.current !== null) {
      if (at !== target.current) return;
      target.current = null;
    }
    setIndex(Math.max(0, Math.min(count - 1, at)));
  };

  // "2 / 5": the same in both languages but for the digits.
  const counter = `${digits(shown + 1)} / ${digits(count)}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    goTo(next);
  };

  return (
    <section aria-roledescription="carousel" aria-label={t('photosOf', { name })} className="min-w-0">
      <div className="relative">
        <div
          ref={strip}
          // The strip scrolls, so the keyboard must be able to reach it.
          tabIndex={0}
          aria-label={count > 1 ? t('swipe') : t('onePhoto')}
          onScroll={onScroll}
          onPointerDown={() => {
            target.current = null;
          }}
          onKeyDown={onKeyDown}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain bg-stone-100 [scrollbar-width:none] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-safe:scroll-smooth sm:rounded-2xl [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((photo, i) => (
            <div
              key={`${String(i)}-${photo}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide', { number: digits(i + 1), count: digits(count) })}
              className="w-full shrink-0 snap-center snap-always"
            >
              <img
                src={photo}
                alt={i === 0 ? name : t('photoAlt', { name, number: digits(i + 1) })}
                loading={i === 0 ? 'eager' : 'lazy'}
                draggable={false}
                className="aspect-[4/3] w-full object-contain"
              />
            </div>
          ))}
        </div>
        {count > 1 && (
          <>
            <p
              aria-live="polite"
              data-testid="photo-counter"
              className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-stone-900/75 px-2.5 py-0.5 text-sm font-semibold text-white tabular-nums"
            >
              <span className="sr-only">{t('counterLabel')}</span>
              {counter}
            </p>
            <button
              type="button"
              aria-label={t('previous')}
              disabled={shown === 0}
              onClick={() => {
                goTo(shown - 1);
              }}
              className={`${arrowLook} left-3`}
            >
              <ChevronLeftIcon className="size-6" />
            </button>
            <button
              type="button"
              aria-label={t('next')}
              disabled={shown === count - 1}
              onClick={() => {
                goTo(shown + 1);
              }}
              className={`${arrowLook} right-3`}
            >
              <ChevronRightIcon className="size-6" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <>
          <div aria-hidden="true" className="mt-2 flex justify-center gap-1.5 sm:hidden">
            {photos.map((photo, i) => (
              <span
                key={`${String(i)}-${photo}`}
                className={`size-2 rounded-full ${i === shown ? 'bg-brand-700' : 'bg-stone-300'}`}
              />
            ))}
          </div>
          <div className="mt-3 hidden gap-2 overflow-x-auto sm:flex">
            {photos.map((photo, i) => (
              <button
                key={`${String(i)}-${photo}`}
                type="button"
                aria-label={t('show', { number: digits(i + 1) })}
                aria-current={i === shown ? 'true' : undefined}
                onClick={() => {
                  goTo(i);
                }}
                className={`shrink-0 overflow-hidden rounded-lg ring-2 ${i === shown ? 'ring-brand-600' : 'ring-transparent opacity-70 hover:opacity-100'}`}
              >
                <img src={photo} alt="" loading="lazy" className="h-16 w-20 bg-stone-100 object-cover" />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
