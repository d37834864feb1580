// One shape for every settings form: load what the server holds (or start from what the app
// already knows), edit it, save it, show what the server answered, say so in a toast, and show
// the server's messages when it refused. The server decides everything again.
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessages, toastSuccess } from '../stores/toasts';

export interface SettingsFormOptions<T> {
  /** Reads what the server holds now; without it the form starts from `initial`. */
  load?: () => Promise<T>;
  initial?: T;
  /** Writes the form; answers what the server holds after. */
  save: (form: T) => Promise<T>;
  /** The toast after a save. */
  savedMessage: string;
  onSaved?: (saved: T) => void;
}

export interface SettingsForm<T> {
  /** null until loaded. */
  form: T | null;
  /** What the server held at the last load or save. */
  saved: T | null;
  setForm: (form: T) => void;
  /** Sets one field. */
  update: <K extends keyof T>(key: K, value: T[K]) => void;
  errors: string[];
  busy: boolean;
  /** Saves the form, or `other` (the form with a stored secret forgotten) in its place. */
  submit: (event?: FormEvent, other?: T) => Promise<void>;
}

export function useSettingsForm<T>({
  load,
  initial,
  save,
  savedMessage,
  onSaved,
}: SettingsFormOptions<T>): SettingsForm<T> {
  const [form, setForm] = useState<T | null>(initial ?? null);
  const [saved, setSaved] = useState<T | null>(initial ?? null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!load) return;
    let current = true;
    load().then(
      (loaded) => {
        if (!current) return;
        setForm(loaded);
        setSaved(loaded);
      },
      (err: unknown) => current && setErrors(errorMessages(err)),
    );
    return () => {
      current = false;
    };
    // Loaded once, when the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event?: FormEvent, other?: T) => {
    event?.preventDefault();
    const toSave = other ?? form;
    if (!toSave) return;
    setBusy(true);
    setErrors([]);
    try {
      const answer = await save(toSave);
      setForm(answer);
      setSaved(answer);
      onSaved?.(answer);
      toastSuccess(savedMessage);
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return {
    form,
    saved,
    setForm,
    update: (key, value) => setForm({ ...(form as T), [key]: value }),
    errors,
    busy,
    submit,
  };
}
