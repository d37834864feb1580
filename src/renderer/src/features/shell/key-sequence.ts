// Key sequences of SPEC §2's easter eggs, matched as the keys arrive (GROWI's bindings).
import { useEffect } from 'react';
import { isTypingOrModified } from './useShortcuts';

/** The Konami code: opens the staff credits. */
export const KONAMI = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
];
/** GROWI's mirror mode. */
export const MIRROR = ['x', 'x', 'b', 'b', 'a', 'y', 'a', 'y', 'ArrowDown', 'ArrowLeft'];

/** Follows one sequence: `push(key)` answers true when the last keys typed are the whole sequence. */
export function sequenceMatcher(sequence: readonly string[]) {
  const last: string[] = [];
  return (key: string): boolean => {
    last.push(key.length === 1 ? key.toLowerCase() : key);
    if (last.length > sequence.length) last.shift();
    if (last.length < sequence.length || last.some((k, i) => k !== sequence[i])) return false;
    last.length = 0;
    return true;
  };
}

/** Calls `onMatch` when the sequence is typed outside text fields. */
export function useKeySequence(sequence: readonly string[], onMatch: () => void): void {
  useEffect(() => {
    const push = sequenceMatcher(sequence);
    const onKey = (event: KeyboardEvent) => {
      if (isTypingOrModified(event)) return;
      if (push(event.key)) onMatch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sequence, onMatch]);
}
