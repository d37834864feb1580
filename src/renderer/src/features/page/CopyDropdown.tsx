// SPEC §2's copy-to-clipboard dropdown beside the page path: the path, the URL, the permanent link
// and a Markdown link, each copied with a one-second "Copied" tooltip.
import { publicOrigin } from '../../stores/session';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { pathToUrl } from '../../../../shared/page-path';
import { COPIED_TOOLTIP_MS } from '../../components/CopyButton';
import { Icon } from '../../components/Icon';
import { usePopup } from '../../components/usePopup';

/** What each item copies, for a page at `origin`. */
export function copyTexts(page: Pick<Page, '_id' | 'path'>, origin: string) {
  const url = `${origin}${pathToUrl(page.path)}`;
  return [
    { key: 'path', text: page.path },
    { key: 'url', text: url },
    { key: 'permalink', text: `${origin}/${page._id}` },
    { key: 'markdown', text: `[${page.path}](${url})` },
  ] as const;
}

export function CopyDropdown({ page }: { page: Page }) {
  const { t } = useTranslation();
  const { open, close, rootRef, popupId, buttonProps } = usePopup('menu');
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = (key: string, text: string) =>
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(key);
        close();
      },
      () => setCopied(null),
    );

  return (
    <div className="copy-dropdown" ref={rootRef}>
      <button type="button" className="icon-button" aria-label={t('copy_dropdown.title')} {...buttonProps}>
        <Icon name="copy" size={16} />
      </button>
      {copied && (
        <span className="copy-tooltip" role="status">
          {t('accounts_common.copied')}
        </span>
      )}
      {open && (
        <div className="dropdown copy-dropdown-menu" id={popupId} role="menu">
          {copyTexts(page, publicOrigin()).map(({ key, text }) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              className="dropdown-item"
              onClick={() => void copy(key, text)}
            >
              <span className="copy-dropdown-label">{t(`copy_dropdown.${key}`)}</span>
              <code className="copy-dropdown-text">{text}</code>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
