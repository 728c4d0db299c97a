import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusReturn } from './focus-trap.ts';

function Dialog() {
  useFocusReturn();
  return (
    <div role="dialog" aria-label="Your order">
      <input aria-label="Phone number" autoFocus />
    </div>
  );
}

/** A card whose Book Now opens a dialog; hidden buttons close it and draw what it did. */
function Card() {
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState(false);
  const close = () => {
    setOpen(false);
  };
  const drawBooked = () => {
    setBooked(true);
  };
  return (
    <main>
      <article aria-label="Bajaj Pulsar 150">
        {booked ? (
          <a href="/pay" data-next-step>
            Pay Now
          </a>
        ) : (
          <button
            type="button"
            onClick={() => {
              setOpen(true);
            }}
          >
            Book Now
          </button>
        )}
        <button type="button">Add to Wishlist</button>
        <button type="button" data-testid="closed" onClick={close} />
        <button type="button" data-testid="booked" onClick={drawBooked} />
      </article>
      {open && <Dialog />}
    </main>
  );
}

describe('the focus after a dialog', () => {
  it('goes back to the control that opened it', () => {
    render(<Card />);
    const book = screen.getByRole('button', { name: 'Book Now' });
    book.focus();
    act(() => {
      book.click();
    });
    expect(book).not.toHaveFocus();
    act(() => {
      screen.getByTestId('closed').click();
    });
    expect(book).toHaveFocus();
  });

  it("goes to the card's next step when the answer redraws the card well after the dialog closed", async () => {
    render(<Card />);
    const book = screen.getByRole('button', { name: 'Book Now' });
    book.focus();
    act(() => {
      book.click();
    });
    // Closed by Escape or the dialog's own button: the focus is back on Book Now.
    act(() => {
      screen.getByTestId('closed').click();
    });
    expect(book).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The answer arrives and the card is drawn again without Book Now.
    act(() => {
      screen.getByTestId('booked').click();
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('link', { name: 'Pay Now' })).toHaveFocus();
  });
});
