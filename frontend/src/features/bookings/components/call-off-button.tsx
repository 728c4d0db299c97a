// "Call off": either side ends a deal before the handover (cash, or the buyer's card
// holding the price), saying why; a card hold is released with nothing charged, and the
// bike goes to the next in line, or back on sale.
import { useState } from 'react';
import type { Booking } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { AnswerBookingDialog } from './answer-booking-dialog.tsx';
import { bookingsMessages } from './bookings.messages.ts';

export function CallOffButton({ booking, side }: { booking: Booking; side: 'buyer' | 'seller' }) {
  const t = useT(bookingsMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        className="rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-red-700 shadow-sm hover:bg-red-50"
      >
        {t('callOff')}
      </button>
      {open && (
        <AnswerBookingDialog
          answer="call-off"
          booking={booking}
          side={side}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
