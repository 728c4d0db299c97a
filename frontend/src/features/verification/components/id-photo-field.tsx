// One of the three photos of a seller's request: what it is and what it should show, then
// a large frame a thumb taps to take or choose the photo (the phone offers its camera),
// which shows the picked photo whole once there is one, with Change photo beneath. The
// file input itself stays for the keyboard and screen readers.
import { useT } from '@/lib/i18n/language-context.ts';
import { CameraIcon } from '@/components/icons.tsx';
import { errorId } from '@/components/form-field.tsx';
import type { PhotoSlot } from '@/features/verification/api/my-verification.ts';
import type { PickedPhoto } from '@/features/verification/hooks/use-id-photos.ts';
import { verificationMessages } from '@/features/verification/verification.messages.ts';

const HINTS = { front: 'frontHint', back: 'backHint', selfie: 'selfieHint' } as const satisfies Record<PhotoSlot, string>;

/** The input's id of `slot`'s photo, to move the focus to it. */
export function photoInputId(slot: PhotoSlot): string {
  return `id-photo-${slot}`;
}

export function IdPhotoField({
  slot,
  picked,
  error,
  disabled,
  onPick,
}: {
  slot: PhotoSlot;
  picked: PickedPhoto | undefined;
  error: string | undefined;
  disabled: boolean;
  onPick: (file: File) => void;
}) {
  const t = useT(verificationMessages);
  const id = photoInputId(slot);
  const hintId = `${id}-hint`;
  const label = t(slot);
  return (
    <div className="flex min-w-0 flex-col">
      {/* Beside each other, the three frames line up however the hints wrap. */}
      <div className="md:flex-1">
        <label htmlFor={id} className="block font-semibold text-stone-900">
          {label}
        </label>
        <p id={hintId} className="text-sm text-stone-600">
          {t(HINTS[slot])}
        </p>
      </div>
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId(id)} ${hintId}` : hintId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be picked again after another.
          event.target.value = '';
          if (file) onPick(file);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={`mt-2 block overflow-hidden rounded-xl border-2 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/50 ${
          disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer'
        } ${
          picked
            ? 'border-stone-200 bg-stone-100'
            : error
              ? 'border-dashed border-red-400 bg-red-50/40 hover:bg-red-50'
              : 'border-dashed border-brand-600/50 bg-brand-50/50 hover:bg-brand-50'
        }`}
      >
        {picked ? (
          picked.preview ? (
            <img src={picked.preview} alt={t('yourPhoto', { label })} className="aspect-[4/3] w-full object-contain" />
          ) : (
            <span
              role="img"
              aria-label={t('yourPhoto', { label })}
              className="flex aspect-[4/3] w-full items-center justify-center p-3 text-sm break-all text-stone-700"
            >
              {picked.file.name}
            </span>
          )
        ) : (
          <span className="flex aspect-[16/9] w-full flex-col items-center justify-center gap-2 p-3 text-center font-semibold text-brand-800 md:aspect-[4/3]">
            <CameraIcon className="size-9" />
            {t('addPhoto')}
          </span>
        )}
      </label>
      {picked && (
        <label
          htmlFor={id}
          className={`mt-2 flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-50 ${
            disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer'
          }`}
        >
          <CameraIcon className="size-4" />
          {t('changePhoto')}
        </label>
      )}
      {error && (
        <p id={errorId(id)} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
