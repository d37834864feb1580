// The page's share links: the list, and a form to issue one (expiry in days or unlimited, and a
// description). While the admin has link sharing off, the dialog says so and offers no form.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { SHARE_LINK_DESCRIPTION_MAX, type ShareLink } from '../../../../shared/social-types';
import { Modal } from '../../components/Modal';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { createShareLink, deleteShareLink, expiryFromDays, getShareLinks } from './api';
import { ShareLinkTable } from './ShareLinkTable';

export function ShareLinksDialog({ page, onClose }: { page: Page; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [unlimited, setUnlimited] = useState(true);
  const [days, setDays] = useState('7');
  const [description, setDescription] = useState('');
  const [invalid, setInvalid] = useState(false);
  const disabled = useSession((s) => s.config.disableLinkSharing);

  const load = useCallback(() => {
    getShareLinks(page._id).then(setLinks, (err: unknown) => toastError(errorMessages(err)));
  }, [page._id]);
  useEffect(load, [load]);

  const issue = async (event: FormEvent) => {
    event.preventDefault();
    const expiredAt = unlimited ? null : expiryFromDays(days);
    if (expiredAt === 'invalid') {
      setInvalid(true);
      return;
    }
    try {
      await createShareLink({ relatedPage: page._id, expiredAt, description });
      toastSuccess(t('share_links.issued'));
      setDescription('');
      load();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  const remove = async (link: ShareLink) => {
    try {
      await deleteShareLink(link._id);
      load();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  return (
    <Modal title={t('share_links.title')} onClose={onClose}>
      <div className="modal-body share-links">
        {links === null ? (
          <div className="loading small" aria-busy="true" />
        ) : (
          <ShareLinkTable links={links} showPath={false} onDelete={(link) => void remove(link)} />
        )}
        {disabled && (
          <p className="alert alert-warning" role="status">
            {t('link_sharing.disabled')}
          </p>
        )}
        {!disabled && (
          <form className="share-link-form" onSubmit={issue}>
            <h3 className="modal-section-title">{t('share_links.issue_title')}</h3>
            <fieldset className="share-link-expiry">
              <legend className="field-hint">{t('share_links.expiration')}</legend>
              <label className="check">
                <input
                  type="radio"
                  name={`${id}-expiry`}
                  checked={unlimited}
                  onChange={() => setUnlimited(true)}
                />
                {t('share_links.unlimited')}
              </label>
              <label className="check">
                <input
                  type="radio"
                  name={`${id}-expiry`}
                  checked={!unlimited}
                  onChange={() => setUnlimited(false)}
                />
                <input
                  className={invalid ? 'input input-days invalid' : 'input input-days'}
                  aria-label={t('share_links.days')}
                  aria-invalid={invalid}
                  inputMode="numeric"
                  value={days}
                  onFocus={() => setUnlimited(false)}
                  onChange={(event) => {
                    setDays(event.target.value);
                    setInvalid(false);
                  }}
                />
                {t('share_links.days')}
              </label>
              {invalid && <p className="field-error">{t('share_links.invalid_days')}</p>}
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-description`}>{t('share_links.description')}</label>
              <input
                id={`${id}-description`}
                className="input"
                maxLength={SHARE_LINK_DESCRIPTION_MAX}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
              />
            </div>
            <div className="modal-footer">
              <button type="submit" className="btn btn-primary">
                {t('share_links.issue')}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
