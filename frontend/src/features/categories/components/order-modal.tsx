// "Your Order": the listing and the buyer, read-only; phone and meeting place
// required; submit asks first, books, says so and closes. An accessible dialog:
// labelled, focus moved in and kept in, Escape closes, focus returns to the opener.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { errorId, FormField, inputLook } from '@/components/form-field.tsx';
import type { Product, User } from '@/lib/api/types.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { useBookProduct } from '@/features/categories/api/book-product.ts';

interface OrderFields {
  buyerPhone: string;
  meetingLocation: string;
}

export const BOOK_PROMPT = 'Are you sure, You want to Book this product?';

/** Read-only fields look filled in, not fillable. */
const readOnlyLook = inputLook.replace('bg-white', 'bg-stone-100').replace('text-stone-900', 'text-stone-700');

export function OrderModal({ product, buyer, onClose }: { product: Product; buyer: User; onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const booking = useBookProduct();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OrderFields>({ defaultValues: { buyerPhone: '', meetingLocation: '' } });

  // The first field takes focus on open; focus goes back to whatever opened the dialog.
  // (The opener is read while rendering: by the time effects run, autoFocus has moved on.)
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => opener?.focus(), [opener]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // Every element, then filtered: document order whatever the selector engine does.
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>('*')).filter((element) =>
      element.matches('button:not(:disabled), input:not(:disabled), textarea:not(:disabled), [href]'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onSubmit = async (fields: OrderFields) => {
    if (!window.confirm(BOOK_PROMPT)) return;
    try {
      await booking.mutateAsync({
        bookingId: product._id,
        buyerPhone: fields.buyerPhone.trim(),
        meetingLocation: fields.meetingLocation.trim(),
      });
      toast.success('Successfully Booked Product');
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Booking failed. Please try again.');
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-stone-950/60 p-0 sm:items-center sm:p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="order-modal-title"
        onKeyDown={onKeyDown}
        className="max-h-[95vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:max-w-lg sm:rounded-2xl"
      >
        <div className="flex items-center justify-between gap-4">
          <h2 id="order-modal-title" className="text-2xl font-bold text-stone-900">
            Your Order
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded-full p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
          >
            <span aria-hidden="true" className="block size-5 text-xl leading-5">
              ×
            </span>
          </button>
        </div>

        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4 space-y-4">
          <FormField id="order-product" label="Product">
            <input id="order-product" readOnly value={product.productName} className={readOnlyLook} />
          </FormField>
          <FormField id="order-price" label="Price">
            <input id="order-price" readOnly value={formatPrice(product.resalePrice)} className={readOnlyLook} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="order-buyer-name" label="Your name">
              <input id="order-buyer-name" readOnly value={buyer.name} className={readOnlyLook} />
            </FormField>
            <FormField id="order-buyer-email" label="Your email">
              <input id="order-buyer-email" readOnly value={buyer.email} className={readOnlyLook} />
            </FormField>
          </div>
          <FormField id="order-phone" label="Phone number" error={errors.buyerPhone?.message}>
            <input
              id="order-phone"
              type="tel"
              // A dialog starts on its first field to fill in.
              autoFocus
              autoComplete="tel"
              placeholder="01XXXXXXXXX"
              aria-invalid={errors.buyerPhone ? true : undefined}
              aria-describedby={errors.buyerPhone ? errorId('order-phone') : undefined}
              className={inputLook}
              {...register('buyerPhone', {
                validate: (value) => value.trim() !== '' || 'Please provide your phone number',
              })}
            />
          </FormField>
          <FormField id="order-location" label="Meeting location" error={errors.meetingLocation?.message}>
            <input
              id="order-location"
              type="text"
              placeholder="Where you will meet the seller"
              aria-invalid={errors.meetingLocation ? true : undefined}
              aria-describedby={errors.meetingLocation ? errorId('order-location') : undefined}
              className={inputLook}
              {...register('meetingLocation', {
                validate: (value) => value.trim() !== '' || 'Please provide a meeting location',
              })}
            />
          </FormField>
          <button
            type="submit"
            disabled={booking.isPending}
            className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {booking.isPending ? 'Loading...' : 'Submit'}
          </button>
        </form>
      </div>
    </div>
  );
}
