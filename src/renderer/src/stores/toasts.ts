// Toasts (SPEC §8, §9): errors are titled 'Error', list every message and stay until closed;
// successes are titled 'Success' and leave after 3000 ms. New toasts join the bottom of the stack.
import { create } from 'zustand';
import { ApiError, NETWORK_ERROR } from '../api/client';
import { i18n } from '../i18n';

export const SUCCESS_TIMEOUT_MS = 3000;

export interface Toast {
  id: number;
  kind: 'error' | 'success';
  messages: string[];
  /** 0 means never. */
  timeout: number;
}

interface ToastState {
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id'>) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  push: (toast) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Messages of one error or a list of them; v3 errors bring one message per item (translated). */
export function errorMessages(error: unknown): string[] {
  const list: unknown[] = Array.isArray(error) ? error : [error];
  return list.flatMap((err: unknown) => {
    if (err instanceof ApiError && err.code === NETWORK_ERROR) return [i18n.t('errors.network')];
    if (err instanceof ApiError) return err.errors.map((e) => e.message);
    if (err instanceof Error && err.message) return [err.message];
    if (typeof err === 'string' && err) return [err];
    return [i18n.t('errors.unexpected')];
  });
}

export function toastError(messages: string | string[]): number {
  const list = Array.isArray(messages) ? messages : [messages];
  // SPEC §8: each message of a v3 error is logged.
  for (const message of list) console.error(message);
  return useToasts.getState().push({ kind: 'error', messages: list, timeout: 0 });
}

export function toastSuccess(message: string): number {
  return useToasts.getState().push({ kind: 'success', messages: [message], timeout: SUCCESS_TIMEOUT_MS });
}
