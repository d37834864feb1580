// /admin/notification, global section: every rule with its switch, edit and delete, the form for a
// new one, and the admin's switches for owner-only and group pages (off: only public pages notify).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlobalNotificationSetting } from '../../../../../shared/notification-rules';
import { errorMessages, toastError } from '../../../stores/toasts';
import { GlobalRuleForm } from './GlobalRuleForm';
import {
  deleteGlobalRule,
  putGrantSwitches,
  setGlobalRuleEnabled,
  type NotificationParams,
} from './settings-api';
import { DataTable } from '../../../components/DataTable';
import { Check } from '../../../components/Check';

type GrantKey = 'isNotificationForOwnerPageEnabled' | 'isNotificationForGroupPageEnabled';

export function GlobalRulesSection({
  params,
  onChange,
}: {
  params: NotificationParams;
  onChange: (patch: Partial<NotificationParams>) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<GlobalNotificationSetting | 'new' | null>(null);
  const rules = params.globalNotifications;
  const replace = (rule: GlobalNotificationSetting) =>
    onChange({
      globalNotifications: rules.some((r) => r._id === rule._id)
        ? rules.map((r) => (r._id === rule._id ? rule : r))
        : [...rules, rule],
    });
  const attempt = async (change: () => Promise<unknown>, after: () => void) => {
    try {
      await change();
      after();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  const grantSwitch = (key: GrantKey, label: string) => (
    <Check
      label={label}
      checked={params[key]}
      onChange={(checked) => {
        const value = checked;
        void attempt(
          () => putGrantSwitches({ [key]: value }),
          () => onChange({ [key]: value }),
        );
      }}
    />
  );
  return (
    <section className="card settings-card" data-testid="global-notification-settings">
      <div className="page-title-row">
        <h2 className="modal-section-title">{t('notification_settings.global_title')}</h2>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
          {t('notification_settings.new_rule')}
        </button>
      </div>
      <p className="muted">{t('notification_settings.global_help')}</p>
      {grantSwitch('isNotificationForOwnerPageEnabled', t('notification_settings.owner_pages'))}
      {grantSwitch('isNotificationForGroupPageEnabled', t('notification_settings.group_pages'))}
      {editing && (
        <GlobalRuleForm
          key={editing === 'new' ? 'new' : editing._id}
          rule={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(rule) => {
            replace(rule);
            setEditing(null);
          }}
        />
      )}
      <DataTable
        ns="notification_settings"
        columns={['enabled', 'trigger_path', 'trigger_events', 'notify_to', '']}
      >
        {rules.map((rule) => (
          <tr key={rule._id}>
            <td>
              <input
                type="checkbox"
                aria-label={t('notification_settings.enabled')}
                checked={rule.isEnabled}
                onChange={(e) => {
                  const isEnabled = e.target.checked;
                  void attempt(
                    () => setGlobalRuleEnabled(rule._id, isEnabled),
                    () => replace({ ...rule, isEnabled }),
                  );
                }}
              />
            </td>
            <td>
              <code>{rule.triggerPath}</code>
            </td>
            <td>{rule.triggerEvents.map((event) => t(`notification_settings.event.${event}`)).join(', ')}</td>
            <td>{rule.__t === 'mail' ? `✉ ${rule.toEmail ?? ''}` : `# ${rule.slackChannels ?? ''}`}</td>
            <td className="row-actions">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(rule)}>
                {t('notification_settings.edit')}
              </button>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() =>
                  void attempt(
                    () => deleteGlobalRule(rule._id),
                    () => onChange({ globalNotifications: rules.filter((r) => r._id !== rule._id) }),
                  )
                }
              >
                {t('notification_settings.delete')}
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      {rules.length === 0 && <p className="muted">{t('notification_settings.no_rules')}</p>}
    </section>
  );
}
