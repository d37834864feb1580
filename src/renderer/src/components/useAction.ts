// A button's one-off request beside a form (send a test mail, test a connection): busy while it
// runs, the toast it earns on success (when it names one), the server's messages as an error toast otherwise (or handed
// to `onError`, for a form that shows them in place).
import { useState } from 'react';
import { errorMessages, toastError, toastSuccess } from '../stores/toasts';

export function useAction<A extends unknown[]>(
  run: (...args: A) => Promise<string | void>,
  onError?: (messages: string[]) => void,
): [busy: boolean, act: (...args: A) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const act = async (...args: A) => {
    setBusy(true);
    onError?.([]);
    try {
      const done = await run(...args);
      if (done) toastSuccess(done);
    } catch (err) {
      if (onError) onError(errorMessages(err));
      else toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  return [busy, act];
}
