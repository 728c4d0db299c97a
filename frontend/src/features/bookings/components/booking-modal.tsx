// "Your Order": what a booking does, the listing and the buyer, read-only (the price is the
// buyer's accepted offer while one holds); phone and meeting place required; submit asks
// first (the confirmation dialog), books, says so and closes. The dialog itself (focus,
// Escape, the backdrop) is `Modal`. A refused booking keeps it open with focus on what to
// fix: the first field the server refused, or its message. A buyer who has not proven
// their address yet is asked to, in the form's place (the server books only proven ones).
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import { ConfirmEmailFirst } from '@/components/confirm-email-first.tsx';
import { errorId, FormField, inputLook } from '@/components/form-field.tsx';
import { Modal } from '@/components/modal.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { Listing, User } from '@/lib/api/types.ts';
import { useBookListing } from '@/features/bookings/api/book-listing.ts';
import { BookingPrice } from '@/features/bookings/components/booking-price.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { toLatinDigits } from '@/lib/i18n/numbers.ts';
import { bookingsMessages } from './bookings.messages.ts';

interface BookingFields {
  buyerPhone: string;
  meetingLocation: string;
}

export const BOOK_PROMPT = bookingsMessages.en.bookPrompt;

/** How a phone number is written here: the same in both languages. */
const PHONE_LOOK = '01XXXXXXXXX';

/** The fields the server may refuse by name, in the order they are shown. */
const FIELDS = ['buyerPhone', 'meetingLocation'] as const;

/** Read-only fields look filled in, not fillable. */
const readOnlyLook = inputLook.replace('bg-white', 'bg-stone-100').replace('text-stone-900', 'text-stone-700');

export function BookingModal({ listing, buyer, onClose }: { listing: Listing; buyer: User; onClose: () => void }) {
  const t = useT(bookingsMessages);
  const booking = useBookListing();
  const { confirm, dialog } = useConfirm();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BookingFields>({ defaultValues: { buyerPhone: '', meetingLocation: '' } });
  // The server's refusal when it names no field; a new object each time, so it takes focus again.
  const [failure, setFailure] = useState<{ message: string } | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = async (fields: BookingFields) => {
    if (booking.isPending) return;
    const confirmed = await confirm({
      title: t('bookTitle', { name: listing.productName }),
      prompt: t('bookPrompt'),
      confirmLabel: t('yesBook'),
    });
    if (!confirmed) return;
    setFailure(null);
    try {
      await booking.mutateAsync({
        bookingId: listing._id,
        // A Bangla keyboard types ০১৮১২-৩৪৫৬৭৮: the server reads Latin digits.
        buyerPhone: toLatinDigits(fields.buyerPhone.trim()),
        meetingLocation: fields.meetingLocation.trim(),
      });
      toast.success(t('booked'));
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : t('bookingFailed');
      toast.error(message);
      const fields = error instanceof ApiError ? error.fields : {};
      const refused = FIELDS.filter((name) => fields[name]);
      if (refused.length === 0) setFailure({ message });
      refused.forEach((name, index) => {
        setError(name, { type: 'server', message: fields[name] ?? message }, { shouldFocus: index === 0 });
      });
    }
  };

  return (
    <Modal
      id="order-modal"
      title={t('orderTitle')}
      about={t('bookingAbout')}
      onClose={onClose}
    >
      {listing.reserved && listing.availability.toLowerCase() !== 'sold' && (
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900">
          {t('joinLine')}
        </p>
      )}
      {buyer.emailVerified ? (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4 space-y-4">
          {failure && (
            <p
              ref={failureRef}
              tabIndex={-1}
              className="rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700"
            >
              {failure.message}
            </p>
          )}
          <FormField id="order-product" label={t('product')}>
            <input id="order-product" readOnly value={listing.productName} className={readOnlyLook} />
          </FormField>
          <BookingPrice listing={listing} buyerId={buyer._id} className={readOnlyLook} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="order-buyer-name" label={t('yourName')}>
              <input id="order-buyer-name" readOnly value={buyer.name} className={readOnlyLook} />
            </FormField>
            <FormField id="order-buyer-email" label={t('yourEmail')}>
              <input id="order-buyer-email" readOnly value={buyer.email} className={readOnlyLook} />
            </FormField>
          </div>
          <FormField id="order-phone" label={t('phone')} error={errors.buyerPhone?.message}>
            <input
              id="order-phone"
              type="tel"
              // A dialog starts on its first field to fill in.
              autoFocus
              autoComplete="tel"
              placeholder={PHONE_LOOK}
              aria-invalid={errors.buyerPhone ? true : undefined}
              aria-describedby={errors.buyerPhone ? errorId('order-phone') : undefined}
              className={inputLook}
              {...register('buyerPhone', {
                validate: (value) => value.trim() !== '' || t('phoneRequired'),
              })}
            />
          </FormField>
          <FormField id="order-location" label={t('meetingLocation')} error={errors.meetingLocation?.message}>
            <input
              id="order-location"
              type="text"
              placeholder={t('meetingLocationPlaceholder')}
              aria-invalid={errors.meetingLocation ? true : undefined}
              aria-describedby={errors.meetingLocation ? errorId('order-location') : undefined}
              className={inputLook}
              {...register('meetingLocation', {
                validate: (value) => value.trim() !== '' || t('meetingLocationRequired'),
              })}
            />
          </FormField>
          <button
            type="submit"
            // Not `disabled`: a disabled button drops focus, and the dialog would lose the keyboard.
            aria-disabled={booking.isPending || undefined}
            className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {booking.isPending ? t('loading') : t('submit')}
          </button>
        </form>
      ) : (
        <ConfirmEmailFirst email={buyer.email} act="book" className="mt-4" />
      )}
      {dialog}
    </Modal>
  );
}
