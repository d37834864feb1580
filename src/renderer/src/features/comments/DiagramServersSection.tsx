// /admin/markdown, diagram servers (SPEC §3's PLANTUML_URI and BLOCKDIAG_URI): with an address,
// ```plantuml and ```blockdiag blocks become images drawn by that server; empty, they stay code.
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { SettingsSection } from '../../components/SettingsSection';
import { useSettingsForm } from '../../components/useSettingsForm';
import { useSession } from '../../stores/session';
import { saveMarkdownPart } from '../admin/settings-api';

type Servers = { plantumlUri: string; blockdiagUri: string };

export function DiagramServersSection() {
  const { t } = useTranslation();
  const initial = useSession((s) => s.config.diagramServers);
  const settings = useSettingsForm<Servers>({
    initial: initial ?? { plantumlUri: '', blockdiagUri: '' },
    save: (servers) => saveMarkdownPart<Servers>('diagram-servers', servers),
    savedMessage: t('toast.update_succeeded', { target: t('markdown_settings.diagram_servers') }),
    onSaved: (diagramServers) => {
      const session = useSession.getState();
      session.setConfig({ ...session.config, diagramServers });
    },
  });
  const { form, update } = settings;
  if (!form) return null;
  return (
    <SettingsSection
      title={t('markdown_settings.diagram_servers')}
      hint={t('markdown_settings.diagram_servers_hint')}
      testId="diagram-servers"
      settings={settings}
    >
      <Field
        label={t('markdown_settings.plantuml_uri')}
        value={form.plantumlUri}
        placeholder="http://plantuml.example.lan:8080"
        onChange={(e) => update('plantumlUri', e.target.value)}
      />
      <Field
        label={t('markdown_settings.blockdiag_uri')}
        value={form.blockdiagUri}
        placeholder="http://kroki.example.lan:8000"
        onChange={(e) => update('blockdiagUri', e.target.value)}
      />
    </SettingsSection>
  );
}
