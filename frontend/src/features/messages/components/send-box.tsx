// Where a message is written: up to 2,000 characters, Enter sends (Shift+Enter starts a
// new line), and a count shows as the text nears the limit.
import { useState } from 'react';
import { MESSAGE_MAX_CHARS } from '@/features/messages/api/conversations.ts';

/** From how many characters the count shows. */
const COUNT_FROM = MESSAGE_MAX_CHARS - 200;

export function SendBox({ onSend, label = 'Message' }: { onSend: (text: string) => void; label?: string }) {
  const [text, setText] = useState('');
  const length = Array.from(text).length;
  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || length > MESSAGE_MAX_CHARS) return;
    onSend(trimmed);
    setText('');
  };
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="min-w-0 flex-1">
        <textarea
          aria-label={label}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_CHARS}
          placeholder="Write a message"
          onChange={(event) => {
            setText(event.target.value);
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
            {length.toLocaleString('en-US')} / {MESSAGE_MAX_CHARS.toLocaleString('en-US')}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={!text.trim()}
        className="min-h-11 shrink-0 rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
      >
        Send
      </button>
    </form>
  );
}
