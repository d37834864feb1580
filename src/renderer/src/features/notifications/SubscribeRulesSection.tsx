// /me: which of one's own acts subscribe one to the page automatically (on by default).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscribeRule } from '../../../../shared/notification-types';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { getSubscribeRules, putSubscribeRules } from './api';

export function SubscribeRulesSection() {
  const { t } = useTranslation();
  const [rules, setRules] = useState<SubscribeRule[] | null>(null);
  useEffect(() => {
    getSubscribeRules().then(setRules, (err: unknown) => toastError(errorMessages(err)));
  }, []);
  if (!rules) return null;
  const toggle = async (name: SubscribeRule['name'], isEnabled: boolean) => {
    try {
      setRules(await putSubscribeRules(rules.map((r) => (r.name === name ? { name, isEnabled } : r))));
      toastSuccess(t('notifications.rules_saved'));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return (
    <section className="card settings-card">
      <h2>{t('notifications.rules_title')}</h2>
      <p className="muted">{t('notifications.rules_help')}</p>
      {rules.map((rule) => (
        <label key={rule.name} className="check">
          <input
            type="checkbox"
            checked={rule.isEnabled}
            onChange={(event) => void toggle(rule.name, event.target.checked)}
          />
          {t(`notifications.rule.${rule.name}`)}
        </label>
      ))}
    </section>
  );
}
