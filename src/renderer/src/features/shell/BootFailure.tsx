// Shown when the server cannot be reached at start.
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Field';

export function BootFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <main className="center-card">
      <div className="card">
        <h1>{t('app.server_unreachable')}</h1>
        <Alert kind="error">{error instanceof Error ? error.message : String(error)}</Alert>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </div>
    </main>
  );
}
