import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImage, UPLOADS_AT_ONCE } from '@/lib/api/upload-image.ts';

describe('uploadImage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends two photos at once and the rest as those finish', async () => {
    const answers: ((value: Response) => void)[] = [];
    const fetchMock = vi.fn<typeof fetch>(
      () =>
        new Promise<Response>((resolve) => {
          answers.push(resolve);
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const photo = new File(['x'], 'bike.jpg', { type: 'image/jpeg' });
    const uploads = [1, 2, 3, 4].map(() => uploadImage(photo));
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(UPLOADS_AT_ONCE);
    });
    const answer = (n: number) =>
      new Response(JSON.stringify({ success: true, data: { display_url: `/uploads/${String(n)}.jpg` } }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    answers[0]?.(answer(1));
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });
    answers[1]?.(answer(2));
    answers[2]?.(answer(3));
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });
    answers[3]?.(answer(4));
    expect(await Promise.all(uploads)).toEqual(['/uploads/1.jpg', '/uploads/2.jpg', '/uploads/3.jpg', '/uploads/4.jpg']);
  });
});
