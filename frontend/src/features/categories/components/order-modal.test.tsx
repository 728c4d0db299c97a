import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { aProduct, aUser } from '@/test/fixtures.ts';
import { fakeServer, type FakeServer } from '@/test/render-app.tsx';
import { BOOK_PROMPT, OrderModal } from './order-modal.tsx';

function renderModal(server: FakeServer = {}) {
  const fetchMock = fakeServer(server);
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastContainer />
      <OrderModal product={aProduct()} buyer={aUser()} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetchMock, onClose, dialog: screen.getByRole('dialog', { name: 'Your Order' }) };
}

describe('OrderModal', () => {
  it('shows the listing and buyer read-only and focuses the phone field', () => {
    renderModal();
    expect(screen.getByLabelText('Product')).toHaveValue('Yamaha R15');
    expect(screen.getByLabelText('Product')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Price')).toHaveValue('৳1,800');
    expect(screen.getByLabelText('Your name')).toHaveValue('Karim Buyer');
    expect(screen.getByLabelText('Your email')).toHaveValue('buyer@example.com');
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
  });

  it('requires phone and meeting location, with clear messages', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { fetchMock } = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please provide your phone number')).toBeInTheDocument();
    expect(screen.getByText('Please provide a meeting location')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks, books with the payload the server expects, says so and closes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let sent: unknown;
    const { onClose } = renderModal({
      'POST /api/orders': (init) => {
        sent = JSON.parse(init.body as string);
        return [201, {}];
      },
    });
    await userEvent.type(screen.getByLabelText('Phone number'), ' 01811111111 ');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Mirpur 10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(confirm).toHaveBeenCalledWith(BOOK_PROMPT);
    expect(await screen.findByText('Successfully Booked Product')).toBeInTheDocument();
    expect(sent).toEqual({ bookingId: 'p1', buyerPhone: '01811111111', meetingLocation: 'Mirpur 10' });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends nothing when the buyer does not confirm', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { fetchMock, onClose } = renderModal();
    await userEvent.type(screen.getByLabelText('Phone number'), '01811111111');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Mirpur 10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal as an error toast and stays open", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { onClose } = renderModal({
      'POST /api/orders': [409, { error: 'conflict', message: 'This bike is already booked.' }],
    });
    await userEvent.type(screen.getByLabelText('Phone number'), '01811111111');
    await userEvent.type(screen.getByLabelText('Meeting location'), 'Mirpur 10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This bike is already booked.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { onClose } = renderModal();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
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
