// /admin/markdown, "markdown settings" (SPEC §2): line breaks in comments (SPEC §3
// isEnabledLinebreaksInComments), whether read-only users may comment, and the presentation
// page-break. Admins only.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentSettings } from '../../../../shared/social-types';
import { getCommentSettings, saveCommentSettings } from '../admin/settings-api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { PresentationSettingsSection } from './PresentationSettingsSection';
import { MarkdownRulesSections } from './MarkdownRulesSections';

export function AdminMarkdownPage() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.admin ?? false);
  const [settings, setSettings] = useState<CommentSettings | null>(null);
  useDocumentTitle(t('comment_settings.title'));

  useEffect(() => {
    if (!isAdmin) return;
    getCommentSettings().then(
      (commentSettings) => setSettings(commentSettings),
      (err: unknown) => toastError(errorMessages(err)),
    );
  }, [isAdmin]);

  if (!isAdmin) {
    return (
      <main className="content narrow">
        <p className="alert alert-error">{t('comment_settings.admin_only')}</p>
      </main>
    );
  }

  const change = async (next: Partial<CommentSettings>) => {
    try {
      const saved = await saveCommentSettings(next);
      setSettings(saved);
      const session = useSession.getState();
      session.setConfig({ ...session.config, ...saved });
      toastSuccess(t('comment_settings.saved'));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  return (
    <main className="content narrow">
      <h1 className="page-title">{t('comment_settings.title')}</h1>
      {settings === null ? (
        <div className="loading" aria-busy="true" />
      ) : (
        <section className="card comment-settings">
          <h2>{t('comment_settings.comments')}</h2>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.isEnabledLinebreaksInComments}
              onChange={(event) => void change({ isEnabledLinebreaksInComments: event.target.checked })}
            />
            {t('comment_settings.linebreaks')}
          </label>
          <p className="field-hint">{t('comment_settings.linebreaks_hint')}</p>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.isRomUserAllowedToComment}
              onChange={(event) => void change({ isRomUserAllowedToComment: event.target.checked })}
            />
            {t('comment_settings.rom_comment')}
          </label>
          <p className="field-hint">{t('comment_settings.rom_comment_hint')}</p>
        </section>
      )}
      <MarkdownRulesSections />
      <PresentationSettingsSection />
    </main>
  );
}
