// Ctrl/⌘+S saves and keeps editing, in the editor and the co-editor alike. The latest `save` is
// called (it closes over the current text), while the key listener is added once.
import { useEffect, useRef } from 'react';

export function useSaveShortcut(save: (stay: boolean) => unknown): void {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
