// /admin/notification, user-trigger section (GROWI's UpdatePost): path patterns with the Slack
// channel an author is offered when saving a page that matches.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserTriggerNotification } from '../../../../../shared/notification-rules';
import { ErrorMessages, Field } from '../../../components/Field';
import { errorMessages, toastError } from '../../../stores/toasts';
import { addUserTrigger, deleteUserTrigger } from './settings-api';
import { DataTable } from '../../../components/DataTable';

export function UserTriggerSection({
  patterns,
  onChange,
}: {
  patterns: UserTriggerNotification[];
  onChange: (next: UserTriggerNotification[]) => void;
}) {
  const { t } = useTranslation();
  const [pathPattern, setPathPattern] = useState('');
  const [channel, setChannel] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      onChange(await addUserTrigger(pathPattern.trim(), channel.trim()));
      setPathPattern('');
      setChannel('');
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  const remove = async (id: string) => {
    try {
      onChange(await deleteUserTrigger(id));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return (
    <section className="card settings-card" data-testid="user-trigger-settings">
      <h2 className="modal-section-title">{t('notification_settings.user_trigger_title')}</h2>
      <p className="muted">{t('notification_settings.user_trigger_help')}</p>
      <DataTable ns="notification_settings" columns={['path_pattern', 'channel', 'created_by', '']}>
        {patterns.map((row) => (
          <tr key={row._id}>
            <td>
              <code>{row.pathPattern}</code>
            </td>
            <td>#{row.channel}</td>
            <td>{row.creator?.username ?? ''}</td>
            <td>
              <button type="button" className="btn btn-danger btn-sm" onClick={() => void remove(row._id)}>
                {t('notification_settings.delete')}
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      <form className="inline-form" onSubmit={submit} noValidate>
        <Field
          label={t('notification_settings.path_pattern')}
          value={pathPattern}
          placeholder="/project/*"
          onChange={(e) => setPathPattern(e.target.value)}
        />
        <Field
          label={t('notification_settings.channel')}
          value={channel}
          placeholder="general"
          onChange={(e) => setChannel(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={!pathPattern.trim() || !channel.trim()}>
          {t('notification_settings.add')}
        </button>
      </form>
      <ErrorMessages messages={errors} />
    </section>
  );
}
