// Copies a text to the clipboard and says so for one second (SPEC §2 copy-to-clipboard tooltip).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const COPIED_TOOLTIP_MS = 1000;

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <button type="button" className="btn btn-secondary btn-sm copy-button" onClick={() => void copy()}>
      {label ?? t('accounts_common.copy')}
      {copied && (
        <span className="copy-tooltip" role="status">
          {t('accounts_common.copied')}
        </span>
      )}
    </button>
  );
}

/** A secret shown once (a token, a temporary password): selectable, with a copy button. */
export function SecretValue({ value, testId }: { value: string; testId?: string }) {
  return (
    <span className="secret-value">
      <code data-testid={testId}>{value}</code>
      <CopyButton text={value} />
    </span>
  );
}
