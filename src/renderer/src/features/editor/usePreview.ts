// The preview's text: read from the editor after a pause in typing (SPEC §9: 250 ms, 50 ms when
// hurried by a key or mouse release), rendered as a deferred value so typing never waits for it.
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
export const PREVIEW_DELAY_MS = 250;
export const PREVIEW_HURRY_MS = 50;
import { LARGE_TEXT } from './preview-window';

/** SPEC's delays, lengthened for texts of hundreds of KB so a 1 MB page stays responsive. */
export function previewDelay(length: number, hurried: boolean): number {
  const base = hurried ? PREVIEW_HURRY_MS : PREVIEW_DELAY_MS;
  return length > LARGE_TEXT ? base + Math.round((length - LARGE_TEXT) / 1000) : base;
}

export interface Preview<T> {
  value: T;
  /** The text changed: refresh after the delay (restarting it). */
  schedule: (length: number) => void;
  /** A key or button was released: a pending refresh comes sooner. */
  hurry: () => void;
}

export function usePreview<T>(read: () => T, initial: T, initialLength: number): Preview<T> {
  const [value, setValue] = useState(initial);
  const readRef = useRef(read);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const length = useRef(initialLength);
  useEffect(() => {
    readRef.current = read;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const start = useCallback((hurried: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        timer.current = null;
        setValue(readRef.current());
      },
      previewDelay(length.current, hurried),
    );
  }, []);
  const schedule = useCallback(
    (newLength: number) => {
      length.current = newLength;
      start(false);
    },
    [start],
  );
  const hurry = useCallback(() => {
    if (timer.current) start(true);
  }, [start]);

  return { value: useDeferredValue(value), schedule, hurry };
}
