// Beside the seller's contact number: whether buyers see it on the listing or only once
// the seller shares it in a conversation, and whether it takes WhatsApp.
import type { UseFormRegister } from 'react-hook-form';
import type { ListingEditorFields, Say } from '@/features/selling/components/listing-editor-fields.ts';

const box = 'size-5 shrink-0 accent-brand-700';
const boxLabel = 'flex min-h-9 cursor-pointer items-center gap-2.5 text-sm font-medium text-stone-800';

export function ContactTermsFields({ register, t }: { register: UseFormRegister<ListingEditorFields>; t: Say }) {
  return (
    <div className="md:col-span-2">
      <label className={boxLabel}>
        <input
          type="checkbox"
          aria-describedby="product-phone-in-conversation-hint"
          className={box}
          {...register('phoneInConversation')}
        />
        {t('phoneInConversation')}
      </label>
      <p id="product-phone-in-conversation-hint" className="text-xs text-stone-500">
        {t('phoneInConversationHint')}
      </p>
      <label className={`mt-2 ${boxLabel}`}>
        <input type="checkbox" className={box} {...register('onWhatsapp')} />
        {t('onWhatsapp')}
      </label>
    </div>
  );
}
