// The meeting as it stands, on both sides of a deal: nothing yet (Suggest a meeting), a
// proposal ("Proposed by the seller: Banani 11, Fri 27 Nov, 5:30 pm", with Agree for the
// side that did not propose it), or agreed. Either side may suggest another at any time.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Booking } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { confirmMeetingMutation } from '@/features/bookings/api/meeting.ts';
import { bookingsMessages } from './bookings.messages.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { MeetingDialog } from './meeting-dialog.tsx';

export type Side = 'buyer' | 'seller';

const agree = confirmMeetingMutation();

const SPACE = ' ';

const smallButton =
  'rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap shadow-sm disabled:cursor-wait disabled:opacity-60';

/** Who proposed the meeting, as "Proposed by …" says it: "you", or "buyer" or "seller". */
const proposer = (by: string, side: Side) => (by === side ? 'you' : by);

export function MeetingPanel({ booking, side }: { booking: Booking; side: Side }) {
  const t = useT(bookingsMessages);
  const meeting = booking.meeting;
  const other = side === 'buyer' ? booking.sellerName : booking.buyerName;
  const theirs = meeting && !meeting.agreed && meeting.proposedBy !== side;
  return (
    <div className="flex max-w-52 flex-col gap-2 text-sm max-sm:max-w-none max-sm:items-end max-sm:text-right">
      <MeetingLine booking={booking} side={side} />
      <div className="flex flex-wrap gap-2 max-sm:justify-end">
        {meeting && theirs && <AgreeButton booking={booking} proposal={meeting.proposal} />}
        <SuggestButton booking={booking} other={other} label={meeting ? t('suggestAnother') : t('suggestMeeting')} />
      </div>
    </div>
  );
}

function MeetingLine({ booking, side }: { booking: Booking; side: Side }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  const meeting = booking.meeting;
  if (!meeting) return <span className="text-stone-600">{t('noMeeting')}</span>;
  const where = `${meeting.place}, ${dhakaTime(meeting.at, locale)}`;
  if (meeting.agreed) {
    return (
      <span className="rounded-lg bg-brand-50 px-2.5 py-1.5 text-stone-800 ring-1 ring-brand-200">
        <strong className="font-semibold text-brand-800">{t('meetingAgreed')}</strong>{SPACE}
        <time dateTime={meeting.at}>{where}</time>
      </span>
    );
  }
  return (
    <span className="rounded-lg bg-amber-50 px-2.5 py-1.5 text-stone-800 ring-1 ring-amber-200">
      <strong className="font-semibold text-amber-900">{t('proposed', { by: proposer(meeting.proposedBy, side) })}</strong>{SPACE}
      <time dateTime={meeting.at}>{where}</time>
    </span>
  );
}

function AgreeButton({ booking, proposal }: { booking: Booking; proposal: number }) {
  const t = useT(bookingsMessages);
  const action = useMutation(agree);
  const run = async () => {
    try {
      await action.mutateAsync({ booking, proposal });
      toast.success(t('agreedToast'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <button
      type="button"
      disabled={action.isPending}
      onClick={() => void run()}
      className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}
    >
      {action.isPending ? t('agreeing') : t('agree')}
    </button>
  );
}

function SuggestButton({ booking, other, label }: { booking: Booking; other: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        className={`${smallButton} border border-stone-300 bg-white text-stone-800 hover:bg-stone-100`}
      >
        {label}
      </button>
      {open && (
        <MeetingDialog
          booking={booking}
          other={other}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
