// The profile part of /me: avatar, name, e-mail and whether others may see it, language.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonalSettings } from '../../../../shared/account-types';
import type { Lang } from '../../../../shared/api-types';
import { updateProfile } from '../../api/accounts';
import { Field } from '../../components/Field';
import { LanguageSelect } from '../../components/LanguageSelect';
import { collectErrors, emailError, requiredError, type FieldErrors } from '../../components/forms';
import { changeLanguage, i18n } from '../../i18n';
import { useSession } from '../../stores/session';
import { useAction } from '../../components/useAction';
import { ProfileImage } from './ProfileImage';
import { Check } from '../../components/Check';

type Key = 'name' | 'email';

interface Props {
  settings: PersonalSettings;
  onSaved: (settings: PersonalSettings) => void;
}

export function ProfileForm({ settings, onSaved }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Key, string>>({ name: settings.name, email: settings.email });
  const [lang, setLang] = useState<Lang>(settings.lang);
  const [published, setPublished] = useState(settings.isEmailPublished);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [busy, save] = useAction(async () => {
    const updated = await updateProfile({
      name: values.name,
      email: values.email.trim(),
      lang,
      isEmailPublished: published,
    });
    await changeLanguage(updated.lang); // the whole UI switches at once
    const session = useSession.getState();
    if (session.user)
      session.setUser({ ...session.user, name: updated.name, email: updated.email, lang: updated.lang });
    onSaved({ ...settings, ...updated });
    // i18n.t, not the render's t: the message must be in the language just chosen.
    return i18n.t('toast.update_succeeded', { target: i18n.t('me.profile') });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Key>({
      name: requiredError(t, values.name, 'name'),
      email: emailError(t, values.email),
    });
    setErrors(found);
    if (Object.keys(found).length === 0) void save();
  };

  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate>
      <h2>{t('me.profile')}</h2>
      <ProfileImage imageUrl={settings.imageUrlCached} isGravatarEnabled={settings.isGravatarEnabled} />
      <Field label={t('fields.username')} value={settings.username} readOnly disabled />
      <Field
        label={t('fields.name')}
        value={values.name}
        onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        error={errors.name}
        autoComplete="name"
      />
      <Field
        label={t('fields.email')}
        type="email"
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        error={errors.email}
        autoComplete="email"
      />
      <Check
        label={t('me_settings.email_published')}
        checked={published}
        onChange={(checked) => setPublished(checked)}
      />
      <LanguageSelect value={lang} onChange={setLang} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('me.update')}
      </button>
    </form>
  );
}
