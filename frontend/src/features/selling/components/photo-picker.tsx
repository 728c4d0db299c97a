// The listing's photos in the listing form: a file input that takes several at once (and
// more later), then a thumbnail per photo with its upload state, the first marked Cover,
// and buttons to move it towards or away from the cover and to remove it. Buttons rather
// than dragging: they work with a thumb, a keyboard and a screen reader alike.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorId } from '@/components/form-field.tsx';
import { CameraIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/components/icons.tsx';
import { MAX_PHOTOS, type Photo, type Photos } from '@/features/selling/hooks/use-photos.ts';
import type { Say } from '@/features/selling/components/listing-editor-fields.ts';
import { sellingMessages } from '@/features/selling/selling.messages.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';

const INPUT_ID = 'product-image';
const hintId = `${INPUT_ID}-hint`;

function PhotoButton({
  id,
  label,
  disabled,
  onClick,
  children,
}: {
  id: string;
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      id={id}
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="grid h-10 w-full place-items-center text-stone-700 hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset disabled:text-stone-300 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}

function Thumbnail({ photo, number, n, t }: { photo: Photo; number: number; n: string; t: Say }) {
  const src = photo.preview || photo.url;
  return (
    <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200">
      {src ? (
        <img src={src} alt={t('photo', { n })} className="size-full object-cover" />
      ) : (
        <span role="img" aria-label={t('photo', { n })} className="block size-full" />
      )}
      {number === 1 && (
        <span className="absolute top-1.5 left-1.5 rounded-md bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white shadow">
          {t('cover')}
        </span>
      )}
      {photo.state === 'uploading' && (
        <span
          role="status"
          className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-white/90 px-2 py-1 text-xs font-medium text-stone-700"
        >
          <span className="size-3 animate-spin rounded-full border-2 border-dashed border-brand-600" aria-hidden="true" />
          {t('uploading')}
        </span>
      )}
      {photo.state === 'failed' && (
        <span className="absolute inset-x-0 bottom-0 bg-red-50/95 px-2 py-1 text-xs font-medium text-red-700">
          {t('notUploaded')}
        </span>
      )}
    </div>
  );
}

export function PhotoPicker({
  photos,
  error,
  onChange,
}: {
  photos: Photos;
  error?: string | undefined;
  /** The seller changed the photos: a message about them no longer applies. */
  onChange: () => void;
}) {
  const t = useT(sellingMessages);
  const { locale } = useLanguage();
  const digits = (n: number) => localDigits(String(n), locale);
  const [tooMany, setTooMany] = useState(false);
  // After a move or removal, focus stays with the photo (or the nearest one) it acted on.
  const focusTo = useRef<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const full = photos.list.length >= MAX_PHOTOS;

  useEffect(() => {
    if (!focusTo.current) return;
    document.getElementById(focusTo.current)?.focus();
    focusTo.current = undefined;
  });

  const pick = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setTooMany(!photos.add(Array.from(files)));
    onChange();
    // The same file may be picked again after removing it.
    if (input.current) input.current.value = '';
  };

  const move = (photo: Photo, index: number, by: -1 | 1) => {
    photos.move(photo.key, by);
    onChange();
    const to = index + by;
    const edge = by === -1 ? to === 0 : to === photos.list.length - 1;
    focusTo.current = `${photo.key}-${(by === -1) !== edge ? 'left' : 'right'}`;
  };

  const remove = (index: number) => {
    const photo = photos.list[index];
    if (!photo) return;
    photos.remove(photo.key);
    setTooMany(false);
    onChange();
    const next = photos.list[index + 1] ?? photos.list[index - 1];
    focusTo.current = next ? `${next.key}-remove` : INPUT_ID;
  };

  const max = digits(MAX_PHOTOS);
  const message = error ?? (tooMany ? t('tooManyPhotos', { max }) : undefined);
  return (
    <div>
      <label htmlFor={INPUT_ID} className="block text-sm font-medium text-stone-800">
        {t('productImage')}
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-stone-600">
        {t('photosHint', { max, count: digits(photos.list.length) })}
      </p>
      {/* The input itself stays for assistive technology and the keyboard; the label below
          is what a thumb presses, saying how many photos there are rather than a file name. */}
      <input
        ref={input}
        id={INPUT_ID}
        type="file"
        accept="image/*"
        multiple
        disabled={full}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${errorId(INPUT_ID)} ${hintId}`}
        onChange={(event) => {
          pick(event.target.files);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={INPUT_ID}
        className={`mt-1.5 flex min-h-12 w-full items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-2.5 font-semibold peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/40 ${
          full
            ? 'cursor-not-allowed border-stone-200 bg-stone-50 text-stone-400'
            : message
              ? 'cursor-pointer border-red-400 bg-red-50/40 text-brand-800 hover:bg-brand-50'
              : 'cursor-pointer border-brand-300 bg-brand-50/50 text-brand-800 hover:bg-brand-50'
        }`}
      >
        <CameraIcon className="size-5" />
        {full ? t('allPhotosAdded', { max }) : t(photos.list.length === 0 ? 'addPhotos' : 'addMorePhotos')}
      </label>
      {message && (
        <p id={errorId(INPUT_ID)} role="alert" className="mt-1.5 text-sm text-red-600">
          {message}
        </p>
      )}
      {photos.list.length > 0 && (
        <ol aria-label={t('photos')} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.list.map((photo, index) => {
            const number = index + 1;
            const n = digits(number);
            return (
              <li key={photo.key} aria-label={t(number === 1 ? 'coverPhoto' : 'photo', { n })}>
                <Thumbnail photo={photo} number={number} n={n} t={t} />
                {photo.state === 'failed' && (
                  <button
                    type="button"
                    onClick={() => {
                      photos.retry(photo.key);
                      onChange();
                    }}
                    className="mt-1.5 w-full rounded-lg bg-red-50 px-2 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-100"
                  >
                    {t('tryPhotoAgain', { n })}
                  </button>
                )}
                <div className="mt-1.5 grid grid-cols-3 divide-x divide-stone-300 overflow-hidden rounded-lg bg-white ring-1 ring-stone-300">
                  <PhotoButton
                    id={`${photo.key}-left`}
                    label={t('movePhotoLeft', { n })}
                    disabled={index === 0}
                    onClick={() => {
                      move(photo, index, -1);
                    }}
                  >
                    <ChevronLeftIcon className="size-5" />
                  </PhotoButton>
                  <PhotoButton
                    id={`${photo.key}-right`}
                    label={t('movePhotoRight', { n })}
                    disabled={index === photos.list.length - 1}
                    onClick={() => {
                      move(photo, index, 1);
                    }}
                  >
                    <ChevronRightIcon className="size-5" />
                  </PhotoButton>
                  <PhotoButton
                    id={`${photo.key}-remove`}
                    label={t('removePhoto', { n })}
                    onClick={() => {
                      remove(index);
                    }}
                  >
                    <CloseIcon className="size-5" />
                  </PhotoButton>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
