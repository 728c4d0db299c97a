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
import { showRefusal, useDialogExit } from './dialog-exit.ts';

export const PLACE_MAX = 200;
export const PLACE_REQUIRED = 'Say where to meet';
export const TIME_REQUIRED = 'Say when to meet';

interface MeetingForm {
  place: string;
  at: string;
}

export function MeetingDialog({ booking, other, onClose }: { booking: Booking; other: string; onClose: () => void }) {
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
    validate: (value) => value.trim() !== '' || PLACE_REQUIRED,
    maxLength: { value: PLACE_MAX, message: `At most ${String(PLACE_MAX)} characters` },
  });

  const onSubmit = async ({ place, at }: MeetingForm) => {
    if (action.isPending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ booking, place: place.trim(), at: fromDhakaInput(at) });
      toast.success(`Meeting suggested: ${other} is told`);
      close();
    } catch (error) {
      showRefusal(error, ['place', 'at'], setError, setFailure);
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={`Where and when to meet for ${booking.productName}?`}
      description={`${other} is told at once and can agree or suggest another. Meet in a public place.`}
      opener={opener}
      initialFocus={placeRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4 flex flex-col gap-4">
        <FormField id="meeting-place" label="Place" error={errors.place?.message}>
          <FieldInput
            id="meeting-place"
            error={errors.place?.message}
            maxLength={PLACE_MAX}
            autoComplete="off"
            placeholder="Outside Banani 11 Agora"
            ref={(element) => {
              registerPlace(element);
              placeRef.current = element;
            }}
            {...placeField}
          />
        </FormField>
        <FormField id="meeting-at" label="Date and time (Dhaka time)" error={errors.at?.message}>
          <FieldInput
            id="meeting-at"
            type="datetime-local"
            min={earliest}
            error={errors.at?.message}
            {...register('at', { required: TIME_REQUIRED })}
          />
        </FormField>
        <DialogFormFooter
          failure={failure}
          cancelLabel="Not now"
          confirmLabel="Suggest"
          busyLabel="Sending…"
          tone="primary"
          busy={action.isPending}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
