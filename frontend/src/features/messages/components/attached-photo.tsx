// The send box's photo before it is sent: a button to pick one (a phone offers its
// camera), then its thumbnail with how its upload goes and a button to remove it.
import { useId, useRef } from 'react';
import { CameraIcon, CloseIcon } from '@/components/icons.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import type { AttachedPhoto } from '@/features/messages/hooks/use-attached-photo.ts';
import { askSellerMessages } from '@/features/messages/messages.messages.ts';

export function AttachPhotoButton({ onPick }: { onPick: (file: File) => void }) {
  const t = useT(askSellerMessages);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-label={t('attachPhoto')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          // The same file may be picked again after removing it.
          if (input.current) input.current.value = '';
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        title={t('attachPhoto')}
        className="grid min-h-11 min-w-11 shrink-0 cursor-pointer place-items-center rounded-xl border border-stone-300 bg-white text-stone-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/40 hover:bg-stone-100"
      >
        <CameraIcon className="size-5" />
      </label>
    </>
  );
}

export function AttachedPhotoPreview({ photo, onRemove }: { photo: AttachedPhoto; onRemove: () => void }) {
  const t = useT(askSellerMessages);
  const src = photo.preview || photo.url;
  return (
    <div className="mb-2 flex items-center gap-3">
      <div className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200">
        {src ? (
          <img src={src} alt={t('photoToSend')} className="size-full object-cover" />
        ) : (
          <span role="img" aria-label={t('photoToSend')} className="block size-full" />
        )}
      </div>
      <p role="status" className={`min-w-0 flex-1 text-sm ${photo.state === 'failed' ? 'text-red-700' : 'text-stone-600'}`}>
        {photo.state === 'uploading' ? t('uploading') : photo.state === 'failed' ? t('notUploaded') : t('readyToSend')}
      </p>
      <button
        type="button"
        aria-label={t('removePhoto')}
        title={t('removePhoto')}
        onClick={onRemove}
        className="grid size-10 shrink-0 place-items-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <CloseIcon className="size-5" />
      </button>
    </div>
  );
}
