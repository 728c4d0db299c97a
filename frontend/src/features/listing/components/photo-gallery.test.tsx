import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhotoGallery } from './photo-gallery.tsx';

const PHOTOS = ['/uploads/cover.jpg', '/uploads/side.jpg', '/uploads/engine.jpg', '/uploads/papers.jpg', '/uploads/tyre.jpg'];

/** jsdom lays nothing out: give the strip a phone's width and a scroll position it keeps. */
function layOut(strip: HTMLElement, width = 390) {
  let left = 0;
  Object.defineProperty(strip, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(strip, 'scrollLeft', {
    configurable: true,
    get: () => left,
    set: (value: number) => {
      left = value;
    },
  });
}

function renderGallery(photos = PHOTOS) {
  render(<PhotoGallery photos={photos} name="Yamaha R15" />);
  const strip = screen.getByLabelText('Photos: swipe, or use the arrow keys');
  layOut(strip);
  return { strip, counter: () => screen.getByTestId('photo-counter') };
}

describe('PhotoGallery', () => {
  it('shows every photo, the cover first, and where the reader is', () => {
    const { counter } = renderGallery();
    const images = screen.getAllByRole('img');
    expect(images[0]).toHaveAttribute('src', '/uploads/cover.jpg');
    expect(images[0]).toHaveAccessibleName('Yamaha R15');
    expect(screen.getByRole('img', { name: 'Yamaha R15, photo 3' })).toHaveAttribute('src', '/uploads/engine.jpg');
    expect(counter()).toHaveTextContent('1 / 5');
    expect(screen.getByRole('region', { name: 'Photos of Yamaha R15' })).toBeInTheDocument();
  });

  it('follows a swipe: the counter says which photo the strip stopped on', () => {
    const { strip, counter } = renderGallery();
    strip.scrollLeft = 390;
    fireEvent.scroll(strip);
    expect(counter()).toHaveTextContent('2 / 5');
    // Halfway between photos it counts the nearer one.
    strip.scrollLeft = 390 * 3 + 100;
    fireEvent.scroll(strip);
    expect(counter()).toHaveTextContent('4 / 5');
  });

  it('moves a photo at a time with the arrow buttons, and no further than the ends', async () => {
    const { strip, counter } = renderGallery();
    const previous = screen.getByRole('button', { name: 'Previous photo' });
    const next = screen.getByRole('button', { name: 'Next photo' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    expect(counter()).toHaveTextContent('2 / 5');
    expect(strip.scrollLeft).toBe(390);
    await userEvent.click(next);
    await userEvent.click(previous);
    expect(counter()).toHaveTextContent('2 / 5');
    expect(strip.scrollLeft).toBe(390);
  });

  it('moves with the arrow keys, Home and End while the strip has focus', async () => {
    const { strip, counter } = renderGallery();
    strip.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(counter()).toHaveTextContent('3 / 5');
    await userEvent.keyboard('{End}');
    expect(counter()).toHaveTextContent('5 / 5');
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await userEvent.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('5 / 5');
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(counter()).toHaveTextContent('1 / 5');
  });

  it('jumps to a photo from its thumbnail, which shows as the current one', async () => {
    const { strip, counter } = renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 4' }));
    expect(counter()).toHaveTextContent('4 / 5');
    expect(strip.scrollLeft).toBe(390 * 3);
    expect(screen.getByRole('button', { name: 'Show photo 4' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show photo 1' })).not.toHaveAttribute('aria-current');
  });

  it('ignores the scrolling on the way to a photo a button chose, then follows swipes again', async () => {
    const { strip, counter } = renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 4' }));
    // The smooth scroll passes photo 2 on its way to photo 4.
    strip.scrollLeft = 390;
    fireEvent.scroll(strip);
    expect(counter()).toHaveTextContent('4 / 5');
    strip.scrollLeft = 390 * 3;
    fireEvent.scroll(strip);
    strip.scrollLeft = 390 * 4;
    fireEvent.scroll(strip);
    expect(counter()).toHaveTextContent('5 / 5');
  });

  it('shows a single photo without a counter, arrows or thumbnails', () => {
    render(<PhotoGallery photos={['/uploads/cover.jpg']} name="Yamaha R15" />);
    expect(screen.getByRole('img', { name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.queryByTestId('photo-counter')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
