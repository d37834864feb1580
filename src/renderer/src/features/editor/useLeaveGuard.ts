// Unsaved-changes guard: the browser asks before unloading, the router asks before leaving.
import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';

/** Returns a ref the caller clears right before a deliberate exit (after saving or discarding). */
export function useLeaveGuard(dirty: boolean, question: string): RefObject<boolean> {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.hash !== nextLocation.hash),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(question)) {
      dirtyRef.current = false;
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, question]);

  return dirtyRef;
}
