// A photo picked in the send box: it uploads the moment it is picked, as a listing's
// photos do (the same call, so the same limits and the same messages when one is
// refused), and shows as a thumbnail until it is sent or removed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { uploadImage } from '@/lib/api/upload-image.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { askSellerMessages } from '@/features/messages/messages.messages.ts';

export interface AttachedPhoto {
  /** What the thumbnail shows: the picked file itself, or the stored address. */
  preview: string;
  /** The stored address, once uploaded. */
  url?: string | undefined;
  state: 'uploading' | 'uploaded' | 'failed';
}

function previewOf(file: File): string {
  // Test environments have no object URLs; the thumbnail then waits for the upload.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

function letGo(photo: AttachedPhoto | null): void {
  if (photo?.preview.startsWith('blob:')) URL.revokeObjectURL(photo.preview);
}

export function useAttachedPhoto() {
  const t = useT(askSellerMessages);
  const [photo, setPhoto] = useState<AttachedPhoto | null>(null);
  // Which pick is current: an upload finishing after a remove or another pick is ignored.
  const turn = useRef(0);
  const latest = useRef<AttachedPhoto | null>(null);
  useEffect(() => {
    latest.current = photo;
  }, [photo]);

  const pick = useCallback((file: File) => {
    turn.current += 1;
    const mine = turn.current;
    letGo(latest.current);
    setPhoto({ preview: previewOf(file), state: 'uploading' });
    uploadImage(file).then(
      (url) => {
        if (turn.current === mine) setPhoto((now) => now && { ...now, url, state: 'uploaded' });
      },
      (error: unknown) => {
        toast.error(error instanceof Error ? error.message : t('uploadFailed'));
        if (turn.current === mine) setPhoto((now) => now && { ...now, state: 'failed' });
      },
    );
  }, [t]);

  const clear = useCallback(() => {
    turn.current += 1;
    letGo(latest.current);
    setPhoto(null);
  }, []);

  // Leaving the page lets go of the picked file's preview.
  useEffect(() => {
    const picked = latest;
    return () => {
      letGo(picked.current);
    };
  }, []);

  return { photo, pick, clear };
}
