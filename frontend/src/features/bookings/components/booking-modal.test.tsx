import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aBooking, aListing, aUser, inserted } from '@/test/fixtures.ts';

/** What the server answers a booking: its id, and the booking as the buyer's pages show it. */
const booked = () => inserted('o1', { event: 'order.created', data: aBooking() });
import { callsOf, fakeServer, holdFetchesOf, type FakeServer } from '@/test/render-app.tsx';
import { BOOK_PROMPT, BookingModal } from './booking-modal.tsx';

/** The calls that would book: the dialog only reads (the buyer's conversations, for an accepted offer) until then. */
const bookingCalls = (fetchMock: ReturnType<typeof fakeServer>) => callsOf(fetchMock).filter((call) => !call.startsWith('GET'));

function renderModal(server: FakeServer = {}, listing = aListing(), buyer = aUser()) {
  const fetchMock = fakeServer(server);
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastContainer />
      <BookingModal listing={listing} buyer={buyer} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetchMock, onClose, dialog: screen.getByRole('dialog', { name: 'Your Order' }) };
}

/** Fills the form in as a buyer would and presses Submit. */
async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Phone number'), '01811111111');
  await userEvent.type(screen.getByLabelText('Meeting location'), 'Mirpur 10');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('BookingModal', () => {
  it('asks a buyer whose address is unproven to open the mailed link, in the form\'s place, and mails it again', async () => {
    const sent: unknown[] = [];
    const { fetchMock, dialog } = renderModal(
      {
        'POST /api/auth/resend-verification': (init) => {
          sent.push(JSON.parse(init.body as string));
          return [202, { message: 'on its way' }];
        },
      },
      aListing(),
      aUser({ emailVerified: false }),
    );
    const notice = within(dialog).getByRole('region', { name: 'Confirm your email address to book this bike' });
    expect(notice).toHaveTextContent('We sent a link to buyer@example.com. Open it, then come back to this page to go on.');
    expect(within(dialog).queryByLabelText('Phone number')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new link to buyer@example.com.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'buyer@example.com' }]);
    expect(bookingCalls(fetchMock)).toEqual(['POST /api/auth/resend-verification']);
  });

  it('shows the listing and buyer read-only and focuses the phone field', () => {
    const { dialog } = renderModal();
    // What a booking does, in one line the dialog is described by.
    expect(dialog).toHaveAccessibleDescription(
      'The bike is reserved for you for 48 hours — or, if another buyer holds it, you join the line. The seller is told at once and will call you to agree on the meeting.',
    );
    expect(screen.getByLabelText('Product')).toHaveValue('Yamaha R15');
    expect(screen.getByLabelText('Product')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Price')).toHaveValue('৳1,800');
    expect(screen.getByLabelText('Your name')).toHaveValue('Karim Buyer');
    expect(screen.getByLabelText('Your email')).toHaveValue('buyer@example.com');
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
  });

  it('says the buyer joins the line when another buyer holds the bike', () => {
    renderModal({}, aListing({ reserved: true }));
    expect(
      screen.getByText("Another buyer holds this bike now. Book to join the line: you'll be told the moment it's yours."),
    ).toBeInTheDocument();
  });

  it('says nothing of a line when the bike is free', () => {
    renderModal();
    expect(screen.queryByText(/Another buyer holds this bike/)).not.toBeInTheDocument();
  });

  it('requires phone and meeting location, with clear messages', async () => {
    const { fetchMock } = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please provide your phone number')).toBeInTheDocument();
    expect(screen.getByText('Please provide a meeting location')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bookingCalls(fetchMock)).toEqual([]);
  });

  it('asks, books with the payload the server expects, says so and closes', async () => {
    let sent: unknown;
    const { onClose } = renderModal({
      'POST /api/orders': (init) => {
        sent = JSON.parse(init.body as string);
        return [201, booked()];
      },
    });
    await userEvent.type(screen.getByLabelText('Phone number'), ' 01811111111 ');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Mirpur 10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await answerConfirm('Book Yamaha R15?', BOOK_PROMPT, 'Yes, book');
    expect(await screen.findByText('Successfully Booked Product')).toBeInTheDocument();
    expect(sent).toEqual({ bookingId: 'p1', buyerPhone: '01811111111', meetingLocation: 'Mirpur 10' });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a phone typed in Bengali digits in Latin ones', async () => {
    let sent: unknown;
    renderModal({
      'POST /api/orders': (init) => {
        sent = JSON.parse(init.body as string);
        return [201, booked()];
      },
    });
    await userEvent.type(screen.getByLabelText('Phone number'), '০১৮১২-৩৪৫৬৭৮');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Dhanmondi 27');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await answerConfirm('Book Yamaha R15?', BOOK_PROMPT, 'Yes, book');
    expect(await screen.findByText('Successfully Booked Product')).toBeInTheDocument();
    expect(sent).toEqual({ bookingId: 'p1', buyerPhone: '01812-345678', meetingLocation: 'Dhanmondi 27' });
  });

  it('sends nothing when the buyer does not confirm, and stays open on Submit', async () => {
    const { fetchMock, onClose } = renderModal();
    await fillAndSubmit();
    await answerConfirm('Book Yamaha R15?', BOOK_PROMPT, 'Cancel');
    expect(bookingCalls(fetchMock)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
  });

  it('closes only the confirmation on its Escape', async () => {
    const { fetchMock, onClose, dialog } = renderModal();
    await fillAndSubmit();
    await screen.findByRole('alertdialog', { name: 'Book Yamaha R15?' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
    expect(bookingCalls(fetchMock)).toEqual([]);
  });

  it("shows the server's refusal as an error toast, stays open with focus on the message, and Escape still closes", async () => {
    const { onClose, dialog } = renderModal({
      'POST /api/orders': [409, { error: 'conflict', message: 'This bike is already booked.' }],
    });
    await fillAndSubmit();
    await answerConfirm('Book Yamaha R15?', BOOK_PROMPT, 'Yes, book');
    expect(await screen.findByRole('alert')).toHaveTextContent('This bike is already booked.');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByText('This bike is already booked.')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('puts focus on the first field the server refused', async () => {
    const { onClose } = renderModal({
      'POST /api/orders': [
        422,
        {
          error: 'validation',
          message: 'Please correct the highlighted fields.',
          fields: { buyerPhone: 'Phone number is not valid', meetingLocation: 'Meeting location is too long' },
        },
      ],
    });
    await fillAndSubmit();
    await answerConfirm('Book Yamaha R15?', BOOK_PROMPT, 'Yes, book');
    expect(await screen.findByText('Phone number is not valid')).toBeInTheDocument();
    expect(screen.getByText('Meeting location is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps focus in the dialog while the booking is sent', async () => {
    renderModal({ 'POST /api/orders': [201, booked()] });
    const release = holdFetchesOf('/api/orders');
    await fillAndSubmit();
    await answerConfirm('Book Yamaha R15?', BOOK_PROMPT, 'Yes, book');
    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    release();
    expect(await screen.findByText('Successfully Booked Product')).toBeInTheDocument();
  });

  it('closes on Escape, even when focus has left it', async () => {
    const { onClose } = renderModal();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    screen.getByLabelText('Phone number').blur();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', () => {
    renderModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(submit).toHaveFocus();
    fireEvent.keyDown(submit, { key: 'Tab' });
    expect(close).toHaveFocus();
  });
});
