// /admin/app, site URL (GROWI's `app:siteUrl`): the address people use. Links in mails and share
// links are built from it, and the server accepts requests naming its host (issue 16's guard).
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorMessages, Field } from '../../../components/Field';
import { errorMessages, toastSuccess } from '../../../stores/toasts';

type Reply = { siteUrlSettingParams: { siteUrl: string } };
const URL_ = '/_api/v3/app-settings/site-url-setting';

export function SiteUrlSection() {
  const { t } = useTranslation();
  const [siteUrl, setSiteUrl] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.get<Reply>(URL_).then(
      (reply) => setSiteUrl(reply.siteUrlSettingParams.siteUrl),
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  if (siteUrl === null) return <ErrorMessages messages={errors} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      const reply = await api.put<Reply>(URL_, { siteUrl });
      setSiteUrl(reply.siteUrlSettingParams.siteUrl);
      toastSuccess(t('sharing.site_url_saved'));
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card form-card settings-card"
      onSubmit={submit}
      noValidate
      data-testid="site-url-settings"
    >
      <h2 className="modal-section-title">{t('sharing.site_url')}</h2>
      <ErrorMessages messages={errors} />
      <Field
        label={t('sharing.site_url')}
        type="url"
        value={siteUrl}
        placeholder="http://wiki.example.lan:3000"
        onChange={(e) => setSiteUrl(e.target.value)}
      />
      <p className="muted">{t('sharing.site_url_hint')}</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('common.save')}
      </button>
    </form>
  );
}
