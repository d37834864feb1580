// GROWI's attachment references: `$ref(file)` a link to one attachment, `$refimg(file)` it as an
// image, `$refs()` the list of a page's attachments, `$refsimg()` their images. The files come from
// the attachments routes (canReadPage, or the share link of this very page); `page=/path` names
// another page. `$refs`/`$refsimg` also take GROWI's `prefix=/path` (every page below it, with
// `depth=`) and `regexp=` (RE2, on the file name), answered by the refs route. Only attachment
// addresses are ever put into href/src.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../../shared/attachment-types';
import { isInlineImage } from '../../../../shared/attachment-types';
import type { MacroArg } from '../../../../shared/macros/args';
import { resolveMacroPath } from '../../../../shared/macros/lsx';
import { listAttachments, withShareLink } from '../attachments/api';
import { fetchRefs, pageIdByPath } from './api';
import { useMacroPage } from './macro-context';

export type RefKind = 'ref' | 'refs' | 'refimg' | 'refsimg';

const arg = (args: readonly MacroArg[], key: string) => args.find((a) => a.key === key)?.value;
/** Sizes as written (`200`, `200px`, `50%`), nothing else: they go into a style. */
const size = (value: string | undefined) =>
  value && /^\d{1,4}(px|%|em|rem)?$/.test(value) ? value : undefined;

/** What a `$refs` asks of the refs route, or null when the page's own list is enough. */
interface RefsQuery {
  target: { prefix: string } | { pagePath: string };
  options: { depth?: string; regexp?: string };
}

function useAttachments(
  pagePath: string | undefined,
  refs: RefsQuery | null,
): { files: Attachment[] | null; error: boolean } {
  const page = useMacroPage();
  const [state, setState] = useState<{ files: Attachment[] | null; error: boolean }>({
    files: null,
    error: false,
  });
  const refsKey = refs ? JSON.stringify(refs) : '';
  useEffect(() => {
    let cancelled = false;
    let files: Promise<Attachment[]>;
    if (refs) {
      files = fetchRefs(refs.target, refs.options);
    } else {
      const pageId = pagePath === undefined ? Promise.resolve(page.pageId ?? null) : pageIdByPath(pagePath);
      // Through a share link only the linked page's own files are readable.
      const share = pagePath === undefined ? page.shareLinkId : undefined;
      files = pageId.then((id) => (id ? listAttachments(id, share) : Promise.reject(new Error('no page'))));
    }
    files.then(
      (list) => !cancelled && setState({ files: list, error: false }),
      () => !cancelled && setState({ files: [], error: true }),
    );
    return () => {
      cancelled = true;
    };
    // refsKey stands for refs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pagePath, refsKey, page.pageId, page.shareLinkId]);
  return state;
}

export function AttachmentRefs({ kind, args, source }: { kind: RefKind; args: MacroArg[]; source: string }) {
  const { t } = useTranslation();
  const page = useMacroPage();
  const target = arg(args, 'page');
  const pagePath = target ? resolveMacroPath(target, page.path ?? '/') : undefined;
  const prefix = arg(args, 'prefix');
  const depth = arg(args, 'depth');
  const regexp = arg(args, 'regexp') ?? arg(args, 'regex');
  const many = kind === 'refs' || kind === 'refsimg';
  const refs: RefsQuery | null =
    many && (prefix !== undefined || regexp !== undefined)
      ? {
          target: prefix
            ? { prefix: resolveMacroPath(prefix, page.path ?? '/') }
            : { pagePath: pagePath ?? page.path ?? '/' },
          options: { depth, regexp },
        }
      : null;
  const { files, error } = useAttachments(pagePath, refs);
  if (files === null) return <span className="attachment-ref" aria-busy="true" />;
  const single = kind === 'ref' || kind === 'refimg';
  const name = single
    ? (args.find((a) => a.value === '' && a.key !== 'page')?.key ?? arg(args, 'file'))
    : undefined;
  const chosen = single ? files.filter((file) => file.originalName === name).slice(0, 1) : files;
  if (error || chosen.length === 0)
    return (
      <span className="attachment-ref attachment-ref-missing">{`${source} — ${t('macros.refs.not_found')}`}</span>
    );
  const href = (file: Attachment) => withShareLink(file.filePathProxied, page.shareLinkId);
  if (kind === 'refimg' || kind === 'refsimg') {
    const style = { width: size(arg(args, 'width')), height: size(arg(args, 'height')) };
    return (
      <span className={kind === 'refsimg' ? 'attachment-ref-gallery' : 'attachment-ref'}>
        {chosen
          .filter((file) => isInlineImage(file.fileFormat))
          .map((file) => (
            <img key={file._id} src={href(file)} alt={arg(args, 'alt') ?? file.originalName} style={style} />
          ))}
      </span>
    );
  }
  if (kind === 'ref') {
    const file = chosen[0] as Attachment;
    return (
      <a className="attachment-ref" href={withShareLink(file.downloadPathProxied, page.shareLinkId)}>
        {file.originalName}
      </a>
    );
  }
  return (
    <ul className="attachment-ref-list">
      {chosen.map((file) => (
        <li key={file._id}>
          <a href={withShareLink(file.downloadPathProxied, page.shareLinkId)}>{file.originalName}</a>
        </li>
      ))}
    </ul>
  );
}
