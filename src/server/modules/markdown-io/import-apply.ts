// Writes a staged, planned Markdown import: reads every page (front matter, then links pointed at
// what they became), stores the attachments it links, then creates every page, its tags and its
// attachments in one transaction, so a failure leaves the wiki as it was. A page that already
// exists is left alone and reported. Bodies wait on disk between the passes, not in memory.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { newId } from '../../lib/ids';
import type { EventBus } from '../../lib/events';
import type {
  MarkdownImportFlagged,
  MarkdownImportReport,
  MarkdownImportSkipped,
} from '../../../shared/markdown-io-types';
import type { AttachmentStorage } from '../file-storage/types';
import { cleanFileName } from '../attachments/file-names';
import type { PagesService } from '../pages/service';
import type { TagsService } from '../tags/service';
import { datesOfComment, parseMarkdown, withFrontMatter } from './import-front-matter';
import { LinkResolver } from './import-links';
import { rewriteLinks } from './import-rewrite';
import { HeadingAnchors } from './import-anchors';
import { readNote } from './import-markdown-tree';
import { decodeNote } from './import-text';
import { htmlPageAsMarkdown, isHtmlFile } from './import-wikijs';
import { formatOfFile } from './import-formats';
import type { ImportPlan } from './import-plan';
import type { StagedTree } from './import-stage';
import { prepareAttachmentImport } from '../attachments/commands/import-attachments';

export interface ApplyDeps {
  db: Db;
  events: EventBus;
  pages: PagesService;
  tags: TagsService;
  storage: AttachmentStorage;
  userIdOf: (username: string) => string | undefined;
  maxFileSize: number;
}

interface PreparedPage {
  file: string;
  path: string;
  bodyFile: string;
  tags: string[];
  authorId: string;
  createdAt: Date;
  updatedAt: Date;
}

export type OnStep = (current: number, total: number) => void;

const folderOf = (file: string) => path.posix.dirname(file);
const nameOf = (pagePath: string) => pagePath.split('/').pop() ?? '';

export async function applyImport(
  deps: ApplyDeps,
  input: { tree: StagedTree; plan: ImportPlan; parentPath: string; operatorId: string; workDir: string },
  onStep: OnStep,
): Promise<Omit<MarkdownImportReport, 'backupFile'>> {
  const { tree, plan, parentPath, operatorId, workDir } = input;
  const skipped: MarkdownImportSkipped[] = [];
  const flagged: MarkdownImportFlagged[] = [];
  // A note as text in its own encoding; a Wiki.js HTML page with its header as front matter.
  const readText = async (file: string) => {
    const decoded = decodeNote(await fs.promises.readFile(path.join(tree.root, ...file.split('/'))));
    return isHtmlFile(file) ? { ...decoded, text: htmlPageAsMarkdown(decoded.text) } : decoded;
  };
  const now = new Date();
  const total = plan.pages.length * 2 + plan.assets.length;
  let step = 0;

  // Pass 1: front matter, for aliases (any page may be linked by another's alias) and the facts.
  for (const file of plan.otherLocales) skipped.push({ file, reason: 'other_locale' });
  const fresh = plan.pages.filter((page) => {
    if (!deps.pages.exists(page.path)) return true;
    skipped.push({ file: page.file, reason: 'page_exists', path: page.path });
    return false;
  });
  const resolver = new LinkResolver(plan.pages, plan.assets, parentPath);
  const facts = new Map<string, Omit<PreparedPage, 'bodyFile'>>();
  const anchors = new Map<string, HeadingAnchors>();
  for (const page of fresh) {
    const { text, encoding } = await readText(page.file);
    const parsed = parseMarkdown(text, nameOf(page.path));
    const flag = (reason: MarkdownImportFlagged['reason'], other?: string) =>
      flagged.push({ file: page.file, reason, path: page.path, ...(other ? { other } : {}) });
    if (encoding !== 'utf-8') flag(encoding === 'utf-16' ? 'utf_16' : 'windows_1252');
    if (!text.trim()) flag('empty');
    if (parsed.invalidFrontMatter) flag('invalid_front_matter');
    const clash = plan.caseClashes.get(page.file);
    if (clash) flag('case_clash', clash);
    for (const alias of parsed.aliases) resolver.addAlias(alias, page);
    anchors.set(page.file, new HeadingAnchors(readNote(parsed.body).headings));
    const comment = datesOfComment(tree.info.get(page.file)?.comment);
    const modifiedAt = tree.info.get(page.file)?.modifiedAt;
    const updatedAt = parsed.updatedAt ?? comment.updatedAt ?? modifiedAt ?? now;
    facts.set(page.file, {
      file: page.file,
      path: page.path,
      tags: parsed.tags,
      authorId: (parsed.author && deps.userIdOf(parsed.author)) || operatorId,
      createdAt: parsed.createdAt ?? comment.createdAt ?? updatedAt,
      updatedAt,
    });
    onStep(++step, total);
  }

  // Pass 2: links rewritten; each asset belongs to the first page that links it.
  const assetIds = new Map(plan.assets.map((file) => [file, newId()]));
  const owner = new Map<string, string>(); // asset file → page path
  const prepared: PreparedPage[] = [];
  let unresolvedLinks = 0;
  fs.mkdirSync(workDir, { recursive: true });
  for (const [index, page] of fresh.entries()) {
    const parsed = parseMarkdown((await readText(page.file)).text, nameOf(page.path));
    const rewritten = rewriteLinks(parsed.body, {
      fromFile: page.file,
      resolver,
      assetUrl: (file) => `/attachment/${assetIds.get(file)}`,
      anchorsOf: (file) => anchors.get(file),
    });
    unresolvedLinks += rewritten.unresolved;
    for (const asset of rewritten.assets) if (!owner.has(asset)) owner.set(asset, page.path);
    const bodyFile = path.join(workDir, `${index}.md`);
    await fs.promises.writeFile(bodyFile, withFrontMatter(parsed.extra, rewritten.body));
    prepared.push({ ...facts.get(page.file)!, bodyFile });
    onStep(++step, total);
  }
  // An asset in a page's folder belongs to that page (`a/b/x.png` → the page of `a/b.md`, as
  // Quire's export and Outline lay them out), whoever links it; another, to the first page linking it.
  const pageOfFolder = new Map<string, string>();
  for (const page of fresh) pageOfFolder.set(page.file.replace(/(\/index)?\.(md|markdown)$/i, ''), page.path);
  for (const asset of plan.assets) {
    const folderPage = pageOfFolder.get(folderOf(asset));
    if (folderPage) owner.set(asset, folderPage);
  }

  // The attachments' bytes first (their rows come with the pages); a failure removes them again.
  const stored: { id: string; file: string; pagePath: string; size: number }[] = [];
  try {
    for (const asset of plan.assets) {
      onStep(++step, total);
      const pagePath = owner.get(asset);
      if (!pagePath) {
        skipped.push({ file: asset, reason: 'not_linked' });
        continue;
      }
      const source = path.join(tree.root, ...asset.split('/'));
      const size = fs.statSync(source).size;
      if (size > deps.maxFileSize) {
        skipped.push({ file: asset, reason: 'too_large' });
        continue;
      }
      const id = assetIds.get(asset)!;
      await deps.storage.put(id, fs.createReadStream(source), () => false);
      stored.push({ id, file: asset, pagePath, size });
    }
    const ids = writePages(deps, prepared, stored, { now, operatorId });
    for (const page of prepared) {
      deps.events.emit('page:created', {
        pageId: ids.get(page.path)!,
        path: page.path,
        userId: page.authorId,
        cascade: true,
      });
    }
  } catch (err) {
    for (const { id } of stored) await deps.storage.remove(id);
    throw err;
  }
  return {
    parentPath,
    pagesCreated: prepared.length,
    attachmentsCreated: stored.length,
    renamed: plan.renamed,
    skipped,
    flagged,
    unresolvedLinks,
  };
}

/** Every page, tag and attachment row in one transaction; the new pages' ids by path. */
function writePages(
  deps: ApplyDeps,
  prepared: PreparedPage[],
  stored: { id: string; file: string; pagePath: string; size: number }[],
  { now, operatorId }: { now: Date; operatorId: string },
): Map<string, string> {
  const ids = new Map<string, string>();
  deps.db.transaction(() => {
    for (const page of prepared) {
      const pageId = newId();
      const grant = deps.pages.grants.inherited(page.path);
      deps.pages.insertPage({
        pageId,
        revisionId: newId(),
        path: page.path,
        body: fs.readFileSync(page.bodyFile, 'utf8'),
        userId: page.authorId,
        now,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
        ...grant,
      });
      deps.tags.tagNewPage(pageId, page.tags);
      ids.set(page.path, pageId);
    }
    const attachments = prepareAttachmentImport(deps.db.$client);
    for (const asset of stored) {
      const name = cleanFileName(asset.file);
      attachments.saveAttachment({
        id: asset.id,
        pageId: ids.get(asset.pagePath)!,
        creatorId: operatorId,
        originalName: name,
        fileFormat: formatOfFile(name),
        fileSize: asset.size,
        createdAt: now.getTime(),
      });
    }
  });
  return ids;
}
