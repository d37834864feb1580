// /admin/markdown, diagram servers (SPEC §3's PLANTUML_URI and BLOCKDIAG_URI): with an address,
// ```plantuml and ```blockdiag blocks become images drawn by that server; empty, they stay code.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ErrorMessages, Field } from '../../components/Field';
import { useSession } from '../../stores/session';
import { errorMessages, toastSuccess } from '../../stores/toasts';

type Servers = { plantumlUri: string; blockdiagUri: string };

export function DiagramServersSection() {
  const { t } = useTranslation();
  const initial = useSession((s) => s.config.diagramServers);
  const [form, setForm] = useState<Servers>(initial ?? { plantumlUri: '', blockdiagUri: '' });
  const [errors, setErrors] = useState<string[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      const { markdownParams } = await api.put<{ markdownParams: Servers }>(
        '/_api/v3/markdown-setting/diagram-servers',
        form,
      );
      setForm(markdownParams);
      const session = useSession.getState();
      session.setConfig({ ...session.config, diagramServers: markdownParams });
      toastSuccess(t('toast.update_succeeded', { target: t('markdown_settings.diagram_servers') }));
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate data-testid="diagram-servers">
      <h2>{t('markdown_settings.diagram_servers')}</h2>
      <p className="field-hint">{t('markdown_settings.diagram_servers_hint')}</p>
      <ErrorMessages messages={errors} />
      <Field
        label={t('markdown_settings.plantuml_uri')}
        value={form.plantumlUri}
        placeholder="http://plantuml.example.lan:8080"
        onChange={(e) => setForm({ ...form, plantumlUri: e.target.value })}
      />
      <Field
        label={t('markdown_settings.blockdiag_uri')}
        value={form.blockdiagUri}
        placeholder="http://kroki.example.lan:8000"
        onChange={(e) => setForm({ ...form, blockdiagUri: e.target.value })}
      />
      <button type="submit" className="btn btn-primary">
        {t('notifications.save')}
      </button>
    </form>
  );
}
