// The three photos a seller picks for their request, each with a preview of the picked
// file (an object URL, let go of when the photo is changed or the page left), and the
// private names of those already uploaded: sending again after a refusal or a lost
// connection uploads only what has not gone yet, or what the server refused.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhotoSlot } from '@/features/verification/api/my-verification.ts';

export interface PickedPhoto {
  file: File;
  /** An object URL of the file; empty where there are none (tests). */
  preview: string;
}

export type PickedPhotos = Partial<Record<PhotoSlot, PickedPhoto>>;

function previewOf(file: File): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

function forget(photo: PickedPhoto | undefined): void {
  if (photo?.preview) URL.revokeObjectURL(photo.preview);
}

export function useIdPhotos() {
  const [picked, setPicked] = useState<PickedPhotos>({});
  // The photos as last set, for the unmount and the sending, which outlive a render.
  const latest = useRef<PickedPhotos>({});
  const uploaded = useRef(new Map<File, string>());

  const pick = useCallback((slot: PhotoSlot, file: File) => {
    forget(latest.current[slot]);
    latest.current = { ...latest.current, [slot]: { file, preview: previewOf(file) } };
    setPicked(latest.current);
  }, []);

  /** The name `file` was kept under, if it went already. */
  const nameOf = useCallback((file: File) => uploaded.current.get(file), []);
  const remember = useCallback((file: File, name: string) => {
    uploaded.current.set(file, name);
  }, []);
  /** The server refused the photo of `slot` in a request: it goes again next time. */
  const unremember = useCallback((slot: PhotoSlot) => {
    const file = latest.current[slot]?.file;
    if (file) uploaded.current.delete(file);
  }, []);

  // Leaving the page lets go of the previews.
  useEffect(() => {
    const photos = latest;
    return () => {
      Object.values(photos.current).forEach(forget);
    };
  }, []);

  return { picked, pick, nameOf, remember, unremember };
}
