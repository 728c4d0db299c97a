// A seller's request to be verified: the three photos (the ID card's front, its back, and
// the seller holding it), why only admins see them, and Send for review, which uploads
// the three privately (`POST /api/verification-requests/photos`, in turn with the page's
// other uploads) and then sends the request naming them. A photo the server refuses shows
// its message under that photo; any other refusal above the button, in the page's words.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { failureLook } from '@/components/dialog-form-footer.tsx';
import { ShieldCheckIcon } from '@/components/icons.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { VerificationPhotos } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import {
  PHOTO_SLOTS,
  sendVerificationRequestMutation,
  uploadVerificationPhoto,
  type PhotoSlot,
} from '@/features/verification/api/my-verification.ts';
import { IdPhotoField, photoInputId } from '@/features/verification/components/id-photo-field.tsx';
import { useIdPhotos } from '@/features/verification/hooks/use-id-photos.ts';
import { verificationMessages } from '@/features/verification/verification.messages.ts';

/** The largest photo the server takes (docs/uploads.md), in MB. */
const MAX_MB = 10;

type Errors = Partial<Record<PhotoSlot, string>>;

/** Where sending stands: nothing under way, the photos going (how many have), the request. */
type Stage = { step: 'idle' } | { step: 'uploading'; done: number } | { step: 'sending' };

/** A photo that could not be uploaded, and why. */
class PhotoRefused extends Error {
  readonly slot: PhotoSlot;
  constructor(slot: PhotoSlot, message: string) {
    super(message);
    this.slot = slot;
  }
}

export function RequestForm({ email, onSent }: { email: string; onSent: () => void }) {
  const t = useT(verificationMessages);
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const photos = useIdPhotos();
  const sending = useMutation(sendVerificationRequestMutation(email));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const busy = stage.step !== 'idle';
  // The photo to fix takes the focus once drawn again (its input is disabled while sending).
  const focusTo = useRef<PhotoSlot | undefined>(undefined);
  useEffect(() => {
    if (!focusTo.current || busy) return;
    document.getElementById(photoInputId(focusTo.current))?.focus();
    focusTo.current = undefined;
  });
  const focusPhoto = (slot: PhotoSlot | undefined) => {
    focusTo.current = slot;
  };

  const pick = (slot: PhotoSlot, file: File) => {
    setFailure(null);
    let problem: string | undefined;
    if (file.type && !file.type.startsWith('image/')) problem = t('notAPhoto');
    else if (file.size > MAX_MB * 1024 * 1024) problem = t('tooBig', { max: formatNumber(MAX_MB, locale) });
    setErrors((now) => ({ ...now, [slot]: problem }));
    if (!problem) photos.pick(slot, file);
  };

  /** Uploads what has not gone yet: answers the three names, or why each refused one was. */
  const upload = async (): Promise<{ names: VerificationPhotos } | { refused: Errors }> => {
    const files = PHOTO_SLOTS.map((slot) => [slot, photos.picked[slot]?.file] as const);
    let done = files.filter(([, file]) => file && photos.nameOf(file)).length;
    setStage({ step: 'uploading', done });
    const results = await Promise.allSettled(
      files.map(async ([slot, file]) => {
        if (!file) throw new PhotoRefused(slot, t('needPhoto'));
        const known = photos.nameOf(file);
        if (known) return known;
        try {
          const name = await uploadVerificationPhoto(file);
          photos.remember(file, name);
          done += 1;
          setStage({ step: 'uploading', done });
          return name;
        } catch (error) {
          throw new PhotoRefused(slot, error instanceof ApiError ? (error.fields.image ?? error.message) : t('failed'));
        }
      }),
    );
    const refused: Errors = {};
    const names: Partial<VerificationPhotos> = {};
    results.forEach((result, i) => {
      const slot = PHOTO_SLOTS[i];
      if (!slot) return;
      if (result.status === 'fulfilled') names[slot] = result.value;
      else refused[slot] = result.reason instanceof Error ? result.reason.message : t('failed');
    });
    const { front, back, selfie } = names;
    if (Object.keys(refused).length > 0 || !front || !back || !selfie) return { refused };
    return { names: { front, back, selfie } };
  };

  const send = async () => {
    if (busy) return;
    setFailure(null);
    const missing = PHOTO_SLOTS.filter((slot) => !photos.picked[slot]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((slot) => [slot, t('needPhoto')])));
      focusPhoto(missing[0]);
      return;
    }
    setErrors({});
    const uploaded = await upload();
    if ('refused' in uploaded) {
      setStage({ step: 'idle' });
      setErrors(uploaded.refused);
      focusPhoto(PHOTO_SLOTS.find((slot) => uploaded.refused[slot]));
      return;
    }
    setStage({ step: 'sending' });
    try {
      await sending.mutateAsync(uploaded.names);
      toast.success(t('sent'));
      onSent();
    } catch (error) {
      setStage({ step: 'idle' });
      if (!(error instanceof ApiError)) {
        setFailure(error instanceof Error ? error.message : t('failed'));
        return;
      }
      // A photo the server would not take (not this seller's upload, or kept too long ago):
      // it shows under the photo, and goes again next time.
      const refused = PHOTO_SLOTS.filter((slot) => error.fields[slot] !== undefined);
      if (refused.length > 0) {
        refused.forEach(photos.unremember);
        setErrors(Object.fromEntries(refused.map((slot) => [slot, error.fields[slot]])));
        focusPhoto(refused[0]);
        return;
      }
      // Verified, or a request waiting, already (from another tab or device): the page
      // reads the seller's state again and shows it.
      if (error.reason === 'already_verified' || error.reason === 'verification_pending') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.myVerification(email) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.user(email) });
      }
      setFailure(error.message);
    }
  };

  const total = formatNumber(PHOTO_SLOTS.length, locale);
  const label =
    stage.step === 'uploading'
      ? t('uploading', { done: formatNumber(stage.done, locale), total })
      : stage.step === 'sending'
        ? t('sending')
        : t('send');
  return (
    <form
      noValidate
      aria-label={t('title')}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="grid gap-5"
    >
      <div className="grid gap-5 md:grid-cols-3">
        {PHOTO_SLOTS.map((slot) => (
          <IdPhotoField
            key={slot}
            slot={slot}
            picked={photos.picked[slot]}
            error={errors[slot]}
            disabled={busy}
            onPick={(file) => {
              pick(slot, file);
            }}
          />
        ))}
      </div>
      <p className="flex items-start gap-2 rounded-lg bg-stone-50 px-3.5 py-2.5 text-sm text-stone-700 ring-1 ring-stone-200">
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {t('privacy')}
      </p>
      {failure && (
        <p role="alert" className={`${failureLook} mt-0`}>
          {failure}
        </p>
      )}
      <div>
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
        >
          {busy && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
            />
          )}
          {label}
        </button>
        {busy && (
          <p role="status" className="sr-only">
            {label}
          </p>
        )}
      </div>
    </form>
  );
}
