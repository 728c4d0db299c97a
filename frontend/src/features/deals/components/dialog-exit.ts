// What the settle dialog does on the way out: the house alert dialog closes itself (giving
// focus back to what opened it) before it unmounts.
import { useEffect, useRef, useState } from 'react';

export function useDialogExit(onClose: () => void) {
  const closeRef = useRef<() => void>(() => undefined);
  // Read once, while rendering: by the time effects run, focus is inside the dialog.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => opener?.focus(), [opener]);
  const close = () => {
    closeRef.current();
    onClose();
  };
  return { opener, closeRef, close };
}
