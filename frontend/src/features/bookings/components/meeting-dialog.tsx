// "Suggest a meeting": where (up to 200 characters) and when (a date and time in Dhaka),
// sent as a proposal the other side of the deal can agree to. The server's field messages
// ("Choose a time that is still to come") show under their fields.
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AlertDialogFrame } from '@/components/confirm-dialog.tsx';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { fromDhakaInput, toDhakaInput } from '@/utils/format-dhaka-time.ts';
import { proposeMeetingMutation } from '@/features/bookings/api/meeting.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { bookingsMessages } from './bookings.messages.ts';
import { showRefusal, useDialogExit } from '@/components/dialog-exit.ts';

export const PLACE_MAX = 200;

interface MeetingForm {
  place: string;
  at: string;
}

export function MeetingDialog({ booking, other, onClose }: { booking: Booking; other: string; onClose: () => void }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  const action = useMutation(useMemo(() => proposeMeetingMutation(), []));
  const { opener, closeRef, close } = useDialogExit(onClose);
  const [failure, setFailure] = useState<string | null>(null);
  const placeRef = useRef<HTMLInputElement | null>(null);
  const [earliest] = useState(() => toDhakaInput(Date.now()));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MeetingForm>({
    defaultValues: {
      place: booking.meeting?.place ?? booking.meetingLocation,
      at: booking.meeting ? toDhakaInput(booking.meeting.at) : '',
    },
  });
  const { ref: registerPlace, ...placeField } = register('place', {
    validate: (value) => value.trim() !== '' || t('placeRequired'),
    maxLength: { value: PLACE_MAX, message: t('atMost', { max: localDigits(String(PLACE_MAX), locale) }) },
  });

  const onSubmit = async ({ place, at }: MeetingForm) => {
    if (action.isPending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ booking, place: place.trim(), at: fromDhakaInput(at) });
      toast.success(t('meetingSuggested', { other }));
      close();
    } catch (error) {
      showRefusal(error, ['place', 'at'], setError, setFailure);
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={t('meetingTitle', { bike: booking.productName })}
      description={t('meetingAbout', { other })}
      opener={opener}
      initialFocus={placeRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4 flex flex-col gap-4">
        <FormField id="meeting-place" label={t('place')} error={errors.place?.message}>
          <FieldInput
            id="meeting-place"
            error={errors.place?.message}
            maxLength={PLACE_MAX}
            autoComplete="off"
            placeholder={t('placePlaceholder')}
            ref={(element) => {
              registerPlace(element);
              placeRef.current = element;
            }}
            {...placeField}
          />
        </FormField>
        <FormField id="meeting-at" label={t('dateTime')} error={errors.at?.message}>
          <FieldInput
            id="meeting-at"
            type="datetime-local"
            min={earliest}
            error={errors.at?.message}
            {...register('at', { required: t('timeRequired') })}
          />
        </FormField>
        <DialogFormFooter
          failure={failure}
          cancelLabel={t('notNow')}
          confirmLabel={t('suggest')}
          busyLabel={t('sending')}
          tone="primary"
          busy={action.isPending}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
