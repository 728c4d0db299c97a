// A small menu behind a button (the conversation's "⋯", a message's "⋯"): it opens under
// or above the button, Escape or a tap elsewhere closes it, and choosing an item gives
// focus back to the button before the item acts (a dialog it opens returns focus there).
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface MenuItem {
  label: string;
  onSelect: () => void;
}

export function MenuButton({
  label,
  items,
  up = false,
  start = false,
  buttonClassName,
  children,
}: {
  /** The button's name for assistive technology: "Conversation options". */
  label: string;
  items: readonly MenuItem[];
  /** Opens above the button (at the bottom of a scrolled list). */
  up?: boolean;
  /** Lines up with the button's start rather than its end (a button left of what it acts on). */
  start?: boolean;
  buttonClassName: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !root.current?.contains(event.target)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setOpen((now) => !now);
        }}
        className={buttonClassName}
      >
        {children}
      </button>
      {open && (
        <ul
          role="menu"
          aria-label={label}
          className={`absolute z-20 ${start ? 'left-0' : 'right-0'} min-w-48 rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200 ${up ? 'bottom-full mb-1' : 'top-full mt-1'}`}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  item.onSelect();
                }}
                className="block w-full px-4 py-2.5 text-left text-sm font-medium whitespace-nowrap text-stone-800 hover:bg-stone-100 focus:bg-stone-100 focus:outline-none"
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
