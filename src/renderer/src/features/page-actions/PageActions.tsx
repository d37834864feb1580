// The page's actions for signed-in users: subscribe, history, export, and in the "More" menu
// presentation, move/rename, duplicate, delete; for a page in the trash, put back and delete. On a
// phone the header keeps one row (issue 30): history, export and co-editing join the More menu.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import { pathToUrl } from '../../../../shared/page-path';
import { deletePage, duplicatePage, renamePage, revertPage, setPageWip } from '../../api/page-tree';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { mayEditPages } from '../../stores/permissions';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { useWiderGrantConfirm } from '../editor/GrantSelector';
import { ExportJobStatus, ExportLinks } from '../markdown-io/ExportLinks';
import { DeleteDialog } from './DeleteDialog';
import { PathActionDialog } from './PathActionDialog';
import { SubscribeButton } from '../notifications/SubscribeButton';
import { RowMenu, type RowMenuItem } from '../../components/RowMenu';
import { useNarrow } from '../shell/useDrawerMode';
import { markdownExportUrl } from '../markdown-io/api';
import { useMarkdownExportJob } from '../markdown-io/useMarkdownExportJob';

type Dialog = 'move' | 'duplicate' | 'delete' | 'present' | null;

const PresentationView = lazy(() =>
  import('../presentation/PresentationView').then((m) => ({ default: m.PresentationView })),
);

const withQuery = (path: string, key: string, value: string) =>
  `${pathToUrl(path)}?${key}=${encodeURIComponent(value)}`;

export function PageActions({ page }: { page: Page }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const changed = useUi.getState().pagesChanged;
  const inTrash = page.status === 'deleted';
  // Read-only users may look at the history, never change pages.
  const canChange = mayEditPages(useSession((s) => s.user));
  const confirmWider = useWiderGrantConfirm();
  const phone = useNarrow();
  const subtreeExport = useMarkdownExportJob();
  const url = pathToUrl(page.path);

  const putBack = async () => {
    try {
      const restored = await revertPage(page._id, true);
      changed();
      toastSuccess(t('page_actions.put_back_done'));
      navigate(pathToUrl(restored.path));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  const toggleWip = async () => {
    try {
      await setPageWip(page._id, !page.wip);
      changed();
      useUi.getState().currentPageChanged();
      toastSuccess(t(page.wip ? 'page_actions.published' : 'page_actions.unpublished'));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  // What the wide header shows as buttons, in the phone's More menu instead.
  const phoneItems: RowMenuItem[] = phone
    ? [
        { key: 'history', label: t('history.title'), run: () => void navigate(`${url}#history`) },
        ...(canChange
          ? [{ key: 'coedit', label: t('coediting.start'), run: () => void navigate(`${url}#hackmd`) }]
          : []),
        {
          key: 'export',
          label: t('markdown_io.export_page'),
          run: () => window.location.assign(markdownExportUrl(page._id, 'md')),
        },
        ...(page.descendantCount > 0
          ? [
              {
                key: 'export-subtree',
                label: t('markdown_io.export_subtree'),
                run: () => subtreeExport.start(page._id),
              },
            ]
          : []),
      ]
    : [];

  // Less frequent actions: one "More" menu keeps the header to one row beside the title.
  const moreItems: RowMenuItem[] = [
    ...phoneItems,
    { key: 'present', label: t('presentation.open'), run: () => setDialog('present') },
    ...(canChange
      ? [
          { key: 'move', label: t('page_actions.move'), run: () => setDialog('move') },
          { key: 'duplicate', label: t('page_actions.duplicate'), run: () => setDialog('duplicate') },
          {
            key: 'wip',
            label: t(page.wip ? 'page_actions.publish' : 'page_actions.unpublish'),
            run: () => void toggleWip(),
          },
        ]
      : []),
    ...(canChange && page.path !== '/'
      ? [{ key: 'delete', label: t('page_actions.delete'), danger: true, run: () => setDialog('delete') }]
      : []),
  ];

  return (
    <div className="page-actions">
      {!inTrash && <SubscribeButton pageId={page._id} />}
      {!inTrash && !phone && (
        <Link className="btn btn-secondary btn-sm" to={{ pathname: url, hash: '#history' }}>
          {t('history.title')}
        </Link>
      )}
      {!inTrash && !phone && <ExportLinks page={page} />}
      {!inTrash && <RowMenu label={t('page_actions.more')} items={moreItems} />}
      {phone && <ExportJobStatus export={subtreeExport} />}
      {canChange && inTrash && (
        <button type="button" className="btn btn-primary btn-sm" onClick={putBack}>
          {t('page_actions.put_back')}
        </button>
      )}
      {canChange && inTrash && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDialog('delete')}>
          {t('page_actions.delete')}
        </button>
      )}
      {dialog === 'present' && (
        <Suspense fallback={null}>
          <PresentationView page={page} onClose={close} />
        </Suspense>
      )}
      {dialog === 'move' && (
        <PathActionDialog
          title={t('page_actions.move_title')}
          submitLabel={t('page_actions.move')}
          initialPath={page.path}
          onClose={close}
          onSubmit={async (newPath, withDescendants) => {
            const moved = await confirmWider((ok) => renamePage(page, newPath, withDescendants, ok));
            changed();
            close();
            navigate(withQuery(moved.path, 'renamedFrom', page.path));
          }}
        />
      )}
      {dialog === 'duplicate' && (
        <PathActionDialog
          title={t('page_actions.duplicate_title')}
          submitLabel={t('page_actions.duplicate')}
          initialPath={`${page.path}-copy`}
          onClose={close}
          onSubmit={async (newPath, withDescendants) => {
            const copy = await confirmWider((ok) => duplicatePage(page._id, newPath, withDescendants, ok));
            changed();
            close();
            navigate(withQuery(copy.path, 'duplicated', page.path));
          }}
        />
      )}
      {dialog === 'delete' && (
        <DeleteDialog
          path={page.path}
          inTrash={inTrash}
          onClose={close}
          onDelete={async (options) => {
            await deletePage({ _id: page._id, revisionId: page.revision._id }, options);
            changed();
            close();
            toastSuccess(t('page_actions.deleted'));
            navigate(options.isCompletely ? '/trash' : pathToUrl(`/trash${page.path}`));
          }}
        />
      )}
    </div>
  );
}
