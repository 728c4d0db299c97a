// The send box's photo before it is sent: a button to pick one (a phone offers its
// camera), then its thumbnail with how its upload goes and a button to remove it.
import { useId, useRef } from 'react';
import { CameraIcon, CloseIcon } from '@/components/icons.tsx';
import type { AttachedPhoto } from '@/features/messages/hooks/use-attached-photo.ts';

export function AttachPhotoButton({ onPick }: { onPick: (file: File) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-label="Attach a photo"
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
        title="Attach a photo"
        className="grid min-h-11 min-w-11 shrink-0 cursor-pointer place-items-center rounded-xl border border-stone-300 bg-white text-stone-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/40 hover:bg-stone-100"
      >
        <CameraIcon className="size-5" />
      </label>
    </>
  );
}

export function AttachedPhotoPreview({ photo, onRemove }: { photo: AttachedPhoto; onRemove: () => void }) {
  const src = photo.preview || photo.url;
  return (
    <div className="mb-2 flex items-center gap-3">
      <div className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200">
        {src ? (
          <img src={src} alt="Photo to send" className="size-full object-cover" />
        ) : (
          <span role="img" aria-label="Photo to send" className="block size-full" />
        )}
      </div>
      <p role="status" className={`min-w-0 flex-1 text-sm ${photo.state === 'failed' ? 'text-red-700' : 'text-stone-600'}`}>
        {photo.state === 'uploading' ? 'Uploading…' : photo.state === 'failed' ? 'Not uploaded' : 'Ready to send'}
      </p>
      <button
        type="button"
        aria-label="Remove the photo"
        title="Remove the photo"
        onClick={onRemove}
        className="grid size-10 shrink-0 place-items-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <CloseIcon className="size-5" />
      </button>
    </div>
  );
}
