// Personal settings (/me): the profile (name, e-mail, language). Guests are sent to /login.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { CurrentUser, Lang } from '../../../../shared/api-types';
import { updatePersonalSetting } from '../../api/endpoints';
import { Field } from '../../components/Field';
import { LanguageSelect } from '../../components/LanguageSelect';
import { collectErrors, emailError, requiredError, type FieldErrors } from '../../components/forms';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { changeLanguage, i18n } from '../../i18n';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';

type Key = 'name' | 'email';

function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Key, string>>({ name: user.name, email: user.email });
  const [lang, setLang] = useState<Lang>(user.lang);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Key>({
      name: requiredError(t, values.name, 'name'),
      email: emailError(t, values.email),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const updated = await updatePersonalSetting({ name: values.name, email: values.email.trim(), lang });
      await changeLanguage(updated.lang); // the whole UI switches at once
      useSession.getState().setUser(updated);
      // i18n.t, not the render's t: the message must be in the language just chosen.
      toastSuccess(i18n.t('toast.update_succeeded', { target: i18n.t('me.profile') }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate>
      <h2>{t('me.profile')}</h2>
      <Field label={t('fields.username')} value={user.username} readOnly disabled />
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
      <LanguageSelect value={lang} onChange={setLang} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('me.update')}
      </button>
    </form>
  );
}

export function PersonalSettingsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  useDocumentTitle(t('me.title'));
  if (!user) return <Navigate to="/login" state={{ from: '/me' }} replace />;
  return (
    <main className="content narrow">
      <h1 className="page-title">{t('me.title')}</h1>
      <ProfileForm key={user._id} user={user} />
    </main>
  );
}
