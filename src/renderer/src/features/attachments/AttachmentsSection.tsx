// The attachments of a page (SPEC §2 "attachment row"): original name, format, size, uploader and
// date; an upload button for people who may edit the page; download and delete icons hidden for
// guests (SPEC §6), delete only for the uploader or an administrator. Through a share link the
// list and files are read with the link's id.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { formatFileSize, type Attachment } from '../../../../shared/attachment-types';
import { Icon } from '../../components/Icon';
import { formatDateTime } from '../../i18n/format';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { deleteAttachment, listAttachments, uploadAttachment, withShareLink } from './api';
import { useAttachmentsChanged } from './store';

interface Props {
  page: Page;
  /** Reading through a share link: read-only, files addressed with the link. */
  shareLinkId?: string;
}

export function AttachmentsSection({ page, shareLinkId }: Props) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const version = useAttachmentsChanged((s) => s.versions[page._id] ?? 0);
  const [items, setItems] = useState<Attachment[] | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const signedIn = user !== null && !shareLinkId;
  const canUpload = signedIn && !user.readOnly && page.status === 'published';

  const load = useCallback(() => {
    listAttachments(page._id, shareLinkId).then(setItems, (err: unknown) => toastError(errorMessages(err)));
  }, [page._id, shareLinkId]);
  useEffect(load, [load, version]);

  const upload = async (files: File[]) => {
    setBusy(true);
    for (const file of files) {
      try {
        await uploadAttachment(page._id, file);
        toastSuccess(t('attachments.uploaded', { name: file.name }));
      } catch (err) {
        toastError(errorMessages(err));
      }
    }
    setBusy(false);
    useAttachmentsChanged.getState().changed(page._id);
  };
  const remove = async (attachment: Attachment) => {
    if (!window.confirm(t('attachments.delete_confirm', { name: attachment.originalName }))) return;
    try {
      await deleteAttachment(attachment._id);
      toastSuccess(t('attachments.deleted', { name: attachment.originalName }));
      useAttachmentsChanged.getState().changed(page._id);
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  if (items === null) return null;
  if (items.length === 0 && !canUpload) return null;
  return (
    <section className="attachments" aria-labelledby={`attachments-${page._id}`}>
      <div className="attachments-heading">
        <h2 id={`attachments-${page._id}`} className="section-title">
          {t('attachments.title')}
        </h2>
        {canUpload && (
          <>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() => inputRef.current?.click()}
            >
              {busy ? t('attachments.uploading') : t('attachments.upload')}
            </button>
            <input
              ref={inputRef}
              type="file"
              multiple
              hidden
              data-testid="attachment-upload-input"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                void upload(files);
              }}
            />
          </>
        )}
      </div>
      {items.length === 0 ? (
        <p className="muted">{t('attachments.none')}</p>
      ) : (
        <table className="attachments-table">
          <thead>
            <tr>
              <th>{t('attachments.name')}</th>
              <th>{t('attachments.format')}</th>
              <th>{t('attachments.size')}</th>
              <th>{t('attachments.creator')}</th>
              <th>{t('attachments.date')}</th>
              {signedIn && <th aria-hidden="true" />}
            </tr>
          </thead>
          <tbody>
            {items.map((attachment) => (
              <tr key={attachment._id}>
                <td>
                  <a
                    href={withShareLink(attachment.filePathProxied, shareLinkId)}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {attachment.originalName}
                  </a>
                </td>
                <td className="muted">{attachment.fileFormat}</td>
                <td>{formatFileSize(attachment.fileSize)}</td>
                <td>{attachment.creator?.name ?? t('attachments.unknown_user')}</td>
                <td>
                  <time dateTime={attachment.createdAt}>{formatDateTime(attachment.createdAt)}</time>
                </td>
                {signedIn && (
                  <td className="attachment-actions">
                    <a
                      className="icon-button"
                      href={attachment.downloadPathProxied}
                      download={attachment.originalName}
                      aria-label={t('attachments.download', { name: attachment.originalName })}
                      title={t('attachments.download', { name: attachment.originalName })}
                    >
                      <Icon name="download" />
                    </a>
                    {(user.admin || attachment.creator?._id === user._id) && !user.readOnly && (
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={t('attachments.delete', { name: attachment.originalName })}
                        title={t('attachments.delete', { name: attachment.originalName })}
                        onClick={() => void remove(attachment)}
                      >
                        <Icon name="trash" />
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
