// Toasts (SPEC §8/§9) and the error boundary card (SPEC §8).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import en from '../../src/shared/locales/en_US/translation.json';
import { ApiError, NETWORK_ERROR } from '../../src/renderer/src/api/client';
import { ErrorBoundary, ErrorCard } from '../../src/renderer/src/components/ErrorBoundary';
import { i18n } from '../../src/renderer/src/i18n';
import {
  errorMessages,
  SUCCESS_TIMEOUT_MS,
  toastError,
  toastSuccess,
  useToasts,
} from '../../src/renderer/src/stores/toasts';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en_US',
    resources: { en_US: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

describe('toasts', () => {
  it('keeps errors until closed, lets successes go after 3000 ms, newest last', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = toastError(['one', 'two']);
    toastSuccess('Succeeded to update Profile');
    const toasts = useToasts.getState().toasts;
    expect(toasts.map((t) => [t.kind, t.messages, t.timeout])).toEqual([
      ['error', ['one', 'two'], 0],
      ['success', ['Succeeded to update Profile'], SUCCESS_TIMEOUT_MS],
    ]);
    expect(SUCCESS_TIMEOUT_MS).toBe(3000);
    useToasts.getState().dismiss(first);
    expect(useToasts.getState().toasts).toHaveLength(1);
  });

  it('collects every message of one error or a list', () => {
    const api = new ApiError(400, [
      { code: 'validation_failed', message: 'Some values are incorrect' },
      { code: 'required', message: 'Name is required' },
    ]);
    expect(errorMessages([api, new Error('boom')])).toEqual([
      'Some values are incorrect',
      'Name is required',
      'boom',
    ]);
    expect(errorMessages(new ApiError(0, [{ code: NETWORK_ERROR, message: 'TypeError' }]))).toEqual([
      en.errors.network,
    ]);
  });
});

describe('error boundary card', () => {
  it('names the component and shows the error text and stack', () => {
    const error = new Error('kaput');
    const html = renderToStaticMarkup(<ErrorCard component="PageView" error={error} />);
    expect(html).toContain('Error occured in PageView');
    expect(html).toContain('kaput');
    expect(html).toContain('error-card-stack');
  });

  it('catches a render error of its children', () => {
    const state = ErrorBoundary.getDerivedStateFromError(new Error('x'));
    expect(state.error).toBeInstanceOf(Error);
  });
});
