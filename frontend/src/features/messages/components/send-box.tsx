// Where a message is written: up to 2,000 characters, Enter sends (Shift+Enter starts a
// new line), and a count shows as the text nears the limit. Where photos may be sent, a
// picked photo uploads at once and shows as a thumbnail, sent with the next Send (before
// any words written beside it).
import { useState } from 'react';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, type Locale } from '@/lib/i18n/numbers.ts';
import { MESSAGE_MAX_CHARS } from '@/features/messages/api/conversations.ts';
import { askSellerMessages } from '@/features/messages/messages.messages.ts';
import { useAttachedPhoto } from '@/features/messages/hooks/use-attached-photo.ts';
import { AttachPhotoButton, AttachedPhotoPreview } from './attached-photo.tsx';

/** From how many characters the count shows. */
const COUNT_FROM = MESSAGE_MAX_CHARS - 200;

/** A character count as the box shows it: "1,850" / "১,৮৫০" (under a lakh, en-US and en-IN group alike). */
function count(n: number, locale: Locale): string {
  return locale === 'en' ? n.toLocaleString('en-US') : formatNumber(n, locale);
}

interface SendBoxProps {
  onSend: (text: string) => void;
  /** Offers to send a photo (its stored address). */
  onSendPhoto?: ((image: string) => void) | undefined;
  /** The writer typed: the other side may be told. */
  onTyping?: (() => void) | undefined;
  label?: string;
}

export function SendBox({ onSend, onSendPhoto, onTyping, label }: SendBoxProps) {
  const t = useT(askSellerMessages);
  const { locale } = useLanguage();
  const [text, setText] = useState('');
  const { photo, pick, clear } = useAttachedPhoto();
  const length = Array.from(text).length;
  const photoReady = photo?.state === 'uploaded' && photo.url !== undefined;
  const canSend = length <= MESSAGE_MAX_CHARS && (photo ? photoReady : text.trim() !== '');
  const send = () => {
    if (!canSend) return;
    if (photo?.url) {
      onSendPhoto?.(photo.url);
      clear();
    }
    const trimmed = text.trim();
    if (trimmed) onSend(trimmed);
    setText('');
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {photo && <AttachedPhotoPreview photo={photo} onRemove={clear} />}
      <div className="flex items-end gap-2">
        {onSendPhoto && <AttachPhotoButton onPick={pick} />}
        <div className="min-w-0 flex-1">
          <textarea
            aria-label={label ?? t('message')}
            rows={1}
            value={text}
            maxLength={MESSAGE_MAX_CHARS}
            placeholder={t('writeMessage')}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value) onTyping?.();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                send();
              }
            }}
            className="block max-h-40 min-h-11 w-full resize-y rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none"
          />
          {length >= COUNT_FROM && (
            <p className={`mt-1 text-right text-xs ${length >= MESSAGE_MAX_CHARS ? 'text-red-700' : 'text-stone-500'}`}>
              {t('charCount', { length: count(length, locale), max: count(MESSAGE_MAX_CHARS, locale) })}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={!canSend}
          className="min-h-11 shrink-0 rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {t('send')}
        </button>
      </div>
    </form>
  );
}
