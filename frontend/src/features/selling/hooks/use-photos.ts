// A listing's photos while the seller picks them: each file uploads the moment it is
// chosen (so a slow phone connection works while the rest of the form is filled in), and
// the list keeps its order — the first is the cover. At most `MAX_PHOTOS`.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { uploadImage } from '@/lib/api/upload-image.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import type { Say } from '@/features/selling/components/listing-editor-fields.ts';
import { sellingMessages } from '@/features/selling/selling.messages.ts';

/** The most photos a listing holds (the server refuses more). */
export const MAX_PHOTOS = 8;

export interface Photo {
  /** Stable across moves, for React and for focus. */
  key: string;
  /** What the thumbnail shows: the picked file itself, or the stored address. */
  preview: string;
  /** The stored address, once uploaded. */
  url?: string | undefined;
  state: 'uploading' | 'uploaded' | 'failed';
  error?: string | undefined;
  file?: File | undefined;
}

export interface Photos {
  list: readonly Photo[];
  /** Adds the picked files (as many as fit) and starts uploading them; answers whether all fitted. */
  add: (files: readonly File[]) => boolean;
  retry: (key: string) => void;
  remove: (key: string) => void;
  /** Moves a photo one place towards the cover (-1) or away from it (+1). */
  move: (key: string, by: -1 | 1) => void;
  /** The photos once every upload under way has finished. */
  settled: () => Promise<readonly Photo[]>;
}

let lastKey = 0;
const nextKey = () => `photo-${String(++lastKey)}`;

function previewOf(file: File): string {
  // Test environments have no object URLs; the thumbnail then waits for the upload.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

function forget(photo: Photo): void {
  if (photo.file && photo.preview) URL.revokeObjectURL(photo.preview);
}

export function usePhotos(initial: readonly string[]): Photos {
  const t = useT(sellingMessages);
  // The upload callbacks outlive a render: they say a failure in the page's language as it is then.
  const say = useRef(t);
  useEffect(() => {
    say.current = t;
  }, [t]);
  const [list, setList] = useState<readonly Photo[]>(() =>
    initial.map((url) => ({ key: nextKey(), preview: url, url, state: 'uploaded' })),
  );
  // The list as last set, for the upload callbacks and `settled`, which outlive a render.
  const latest = useRef(list);
  const uploads = useRef(new Map<string, Promise<void>>());

  const update = useCallback((change: (photos: readonly Photo[]) => readonly Photo[]) => {
    latest.current = change(latest.current);
    setList(latest.current);
  }, []);

  const patch = useCallback(
    (key: string, fields: Partial<Photo>) => {
      update((photos) => photos.map((photo) => (photo.key === key ? { ...photo, ...fields } : photo)));
    },
    [update],
  );

  const upload = useCallback(
    (key: string, file: File) => {
      const job = uploadImage(file).then(
        (url) => {
          patch(key, { url, state: 'uploaded', error: undefined });
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : say.current('uploadFailed');
          toast.error(message);
          patch(key, { state: 'failed', error: message });
        },
      );
      const tracked = job.finally(() => uploads.current.delete(key));
      uploads.current.set(key, tracked);
    },
    [patch],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const room = Math.max(MAX_PHOTOS - latest.current.length, 0);
      const added: Photo[] = files
        .slice(0, room)
        .map((file) => ({ key: nextKey(), preview: previewOf(file), state: 'uploading', file }));
      update((photos) => [...photos, ...added]);
      for (const photo of added) if (photo.file) upload(photo.key, photo.file);
      return files.length <= room;
    },
    [update, upload],
  );

  const retry = useCallback(
    (key: string) => {
      const file = latest.current.find((photo) => photo.key === key)?.file;
      if (!file) return;
      patch(key, { state: 'uploading', error: undefined });
      upload(key, file);
    },
    [patch, upload],
  );

  const remove = useCallback(
    (key: string) => {
      update((photos) =>
        photos.filter((photo) => {
          if (photo.key !== key) return true;
          forget(photo);
          return false;
        }),
      );
    },
    [update],
  );

  const move = useCallback(
    (key: string, by: -1 | 1) => {
      update((photos) => {
        const from = photos.findIndex((photo) => photo.key === key);
        const to = from + by;
        const moving = photos[from];
        if (!moving || to < 0 || to >= photos.length) return photos;
        const rest = photos.filter((photo) => photo.key !== key);
        return [...rest.slice(0, to), moving, ...rest.slice(to)];
      });
    },
    [update],
  );

  const settled = useCallback(async () => {
    await Promise.all(uploads.current.values());
    return latest.current;
  }, []);

  // Leaving the page lets go of the picked files' previews.
  useEffect(() => {
    const photos = latest;
    return () => {
      photos.current.forEach(forget);
    };
  }, []);

  return { list, add, retry, remove, move, settled };
}

/** What stops the photos from being sent, if anything: none yet, or some not uploaded. */
export function photoProblem(photos: readonly Photo[], t: Say, max: string): string | undefined {
  if (photos.length === 0) return t('required');
  if (photos.length > MAX_PHOTOS) return t('tooManyPhotos', { max });
  if (photos.some((photo) => photo.state !== 'uploaded')) return t('photoNotUploaded');
  return undefined;
}
