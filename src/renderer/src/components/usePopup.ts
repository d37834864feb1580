// One behaviour for every button that opens a popup (menus, the bell, the personal dropdown, the
// copy dropdown): a press outside or Escape closes it, any navigation closes it, and the button
// says what it controls and whether it is open.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export function usePopup(popupRole: 'menu' | 'true' = 'true') {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const popupId = useId();
  const close = useCallback(() => setOpen(false), []);

  const location = useLocation();
  const [closedAt, setClosedAt] = useState(location.key);
  if (closedAt !== location.key) {
    setClosedAt(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return {
    open,
    close,
    rootRef,
    popupId,
    /** Spread on the button that opens the popup. */
    buttonProps: {
      'aria-haspopup': popupRole,
      'aria-expanded': open,
      'aria-controls': popupId,
      onClick: () => setOpen((value) => !value),
    } as const,
  };
}
