import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@/lib/api/types.ts';
import { aBooking, modified } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const BUYERS = 'GET /api/sellerOrders/seller%40example.com';
const ORDERS = 'GET /api/orders/buyer%40example.com';

/** Held in the buyer's bKash wallet until Thu 3 Dec, 5:30 pm in Dhaka. */
const held = (overrides: Partial<Booking> = {}): Booking => ({
  ...aBooking({ _id: 'o1', productName: 'Yamaha R15', buyerName: 'Rahim Uddin', sellerName: 'Karim Motors', price: 185000 }),
  status: 'held',
  paid: true,
  method: 'bkash',
  availability: 'sold',
  reservedUntil: '2026-12-03T11:30:00Z',
  completedAt: null,
  calledOffBy: null,
  meeting: null,
  ...overrides,
});

function open(role: 'buyer' | 'seller', server: FakeServer = {}) {
  const list = role === 'buyer' ? ORDERS : BUYERS;
  const fetchMock = fakeServer({ ...signedInAs(role), [list]: [200, [held()]], ...server });
  return { fetchMock, ...renderApp(role === 'buyer' ? '/dashboard/my-orders' : '/dashboard/my-buyers') };
}

const row = () => screen.getByRole('row', { name: /Yamaha R15/ });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('a deal whose bKash wallet holds the price', () => {
  it('says bKash, not card, to the buyer, and calling off releases the bKash hold', async () => {
    open('buyer');
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row()).toHaveTextContent('PAID');
    expect(row()).toHaveTextContent('bKash hold released by itself on Thu 3 Dec, 5:30 pm');
    expect(row()).not.toHaveTextContent(/card/i);
    await userEvent.click(within(row()).getByRole('button', { name: 'Call off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Call off the deal for Yamaha R15?' });
    expect(dialog).toHaveAccessibleDescription(
      'Karim Motors is told at once, with your reason. The bKash hold is released: nothing is charged.',
    );
  });

  it('says bKash held to the seller', async () => {
    open('seller');
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row()).toHaveTextContent('bKash held');
    expect(row()).not.toHaveTextContent('Card held');
  });
});

describe('the handover code as a QR code', () => {
  it("shows the buyer's code as a QR code beside its digits", async () => {
    open('buyer', { 'GET /api/orders/o1/handover-code': [200, { code: '230842', locked: false }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Show handover code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Handover code for Yamaha R15' });
    expect(within(dialog).getByLabelText('Code 2 3 0 8 4 2')).toBeInTheDocument();
    const qr = await within(dialog).findByRole('img', { name: 'QR code of your handover code' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
  });

  it('shows no QR code of a locked code', async () => {
    open('buyer', { 'GET /api/orders/o1/handover-code': [200, { code: '230842', locked: true }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Show handover code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Handover code for Yamaha R15' });
    await within(dialog).findByRole('button', { name: 'New code' });
    expect(within(dialog).queryByRole('img', { name: 'QR code of your handover code' })).not.toBeInTheDocument();
  });
});

describe("scanning the buyer's code", () => {
  const openHandover = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Enter handover code' }));
    return screen.findByRole('alertdialog', { name: 'Hand over Yamaha R15 to Rahim Uddin?' });
  };

  it('is not offered where the browser cannot scan: the seller types, as always', async () => {
    open('seller');
    const dialog = await openHandover();
    expect(within(dialog).getByLabelText('Handover code')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: "Scan the buyer's code" })).not.toBeInTheDocument();
  });

  it('fills the field with the code the camera reads, then stops the camera', async () => {
    const stopTrack = vi.fn();
    const stream = { getTracks: () => [{ stop: stopTrack }] };
    const getUserMedia = vi.fn(() => Promise.resolve(stream));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = () => Promise.resolve(['qr_code']);
        detect = () => Promise.resolve([{ rawValue: '230842' }]);
      },
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    let sent: unknown = null;
    const done = held({ status: 'completed', completedAt: '2026-11-28T11:30:00Z', reservedUntil: null });
    open('seller', {
      'POST /api/orders/o1/handover': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, modified({ event: 'deal.updated', data: done })];
      },
    });
    const dialog = await openHandover();
    await userEvent.click(await within(dialog).findByRole('button', { name: "Scan the buyer's code" }));
    await waitFor(() => {
      expect(within(dialog).getByLabelText('Handover code')).toHaveValue('230842');
    });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
    expect(stopTrack).toHaveBeenCalled();
    expect(within(dialog).queryByLabelText(/The camera/)).not.toBeInTheDocument();
    // The seller still hands over themselves.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('Yamaha R15 handed over: the sale is recorded')).toBeInTheDocument();
    expect(sent).toEqual({ code: '230842' });
  });
});
