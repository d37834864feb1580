// /admin/sharing (issue 16): the Share on LAN switch, every address colleagues can use with copy
// buttons, a QR code of the preferred one for phones, discovery, and who is here. It refreshes
// while open: people come and go, and the desktop's tray may switch sharing meanwhile.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharingState } from '../../../../../shared/sharing';
import { CopyButton } from '../../../components/CopyButton';
import { Alert } from '../../../components/Field';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { errorMessages } from '../../../stores/toasts';
import { getSharing, qrCodeUrl } from './api';
import { HttpsSection } from './HttpsSection';
import { PresenceSection } from './PresenceSection';
import { SharingSwitch } from './SharingSwitch';

const REFRESH_MS = 5_000;

export function SharingPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<SharingState | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('sharing.title'));

  const load = useCallback(
    () =>
      getSharing().then(
        (next) => (setState(next), setError(null)),
        (err: unknown) => setError(errorMessages(err).join('\n')),
      ),
    [],
  );
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <main className="content admin-content sharing-page">
      <h1 className="page-title">{t('sharing.title')}</h1>
      {error && <Alert kind="error">{error}</Alert>}
      {!state ? (
        !error && <div className="loading" aria-busy="true" />
      ) : (
        <>
          <SharingSwitch state={state} onChange={setState} />
          <section aria-labelledby="sharing-addresses">
            <h2 id="sharing-addresses">{t('sharing.addresses')}</h2>
            <p className="muted">{state.shared ? t('sharing.addresses_hint') : t('sharing.addresses_off')}</p>
            <div className="sharing-addresses">
              <ul className="address-list">
                {state.addresses.map((address) => (
                  <li key={address.url} data-kind={address.kind}>
                    <code>{address.url}</code>{' '}
                    <span className="muted">{t(`sharing.kind_${address.kind}`)}</span>{' '}
                    <CopyButton text={address.url} />
                  </li>
                ))}
              </ul>
              {state.shared && (
                <figure className="sharing-qr">
                  <img
                    src={qrCodeUrl(state.preferredUrl)}
                    alt={t('sharing.qr_alt', { url: state.preferredUrl })}
                    width={192}
                    height={192}
                  />
                  <figcaption>{t('sharing.qr_caption')}</figcaption>
                </figure>
              )}
            </div>
            <p className="muted" data-testid="discovery">
              {t(`sharing.discovery_${state.discovery.replace('-', '_')}`, { name: state.localName ?? '' })}
              {state.discoveryError ? ` (${state.discoveryError})` : ''}
            </p>
          </section>
          <HttpsSection state={state} onChange={setState} />
          <PresenceSection state={state} />
        </>
      )}
    </main>
  );
}
