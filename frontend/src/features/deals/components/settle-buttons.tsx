// What an admin can do with a deal its two sides cannot settle: Release a reservation, a
// cash deal or a hold; Take the money of a stuck hold.
import { useState } from 'react';
import { actionTones } from '@/components/confirm-dialog.tsx';
import type { Booking } from '@/lib/api/types.ts';
import type { Settlement } from '@/features/deals/api/settle-deal.ts';
import { useLanguage } from '@/lib/i18n/language-context.ts';
import { settleWords, SettleDialog } from './settle-dialog.tsx';

const RELEASABLE: ReadonlySet<string> = new Set(['reserved', 'cash', 'held']);

export function settlementsOf(booking: Pick<Booking, 'status'>): Settlement[] {
  const can: Settlement[] = [];
  if (booking.status === 'held') can.push('capture');
  if (RELEASABLE.has(booking.status)) can.push('release');
  return can;
}

const looks: Record<Settlement, string> = {
  capture: actionTones.primary,
  release: 'border border-red-200 bg-white text-red-700 hover:bg-red-50',
};

export function SettleButtons({ booking }: { booking: Booking }) {
  const { locale } = useLanguage();
  const [open, setOpen] = useState<Settlement | null>(null);
  const can = settlementsOf(booking);
  if (can.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {can.map((settlement) => (
        <button
          key={settlement}
          type="button"
          onClick={() => {
            setOpen(settlement);
          }}
          className={`rounded-lg px-4 py-2.5 text-sm font-semibold whitespace-nowrap shadow-sm ${looks[settlement]}`}
        >
          {settleWords(settlement, locale).label}
        </button>
      ))}
      {open && (
        <SettleDialog
          settlement={open}
          booking={booking}
          onClose={() => {
            setOpen(null);
          }}
        />
      )}
    </div>
  );
}
