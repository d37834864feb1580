// The submit of a page whose success moves on (sign in, register, install, finish an invitation):
// the form's own checks first, then the request; busy from then on, so a second click sends
// nothing while the app moves away; the server's messages when it refused.
import { useState, type FormEvent } from 'react';
import { errorMessages } from '../stores/toasts';

export function usePageSubmit(valid: () => boolean, run: () => Promise<void>) {
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    if (!valid()) return;
    setBusy(true);
    try {
      await run();
    } catch (err) {
      setErrors(errorMessages(err));
      setBusy(false);
    }
  };
  return { errors, busy, submit };
}
