// Markdown import of a 5,000-note Obsidian-style vault (issue 29 §8): 50 folders of 100 notes, each
// with front matter (tags, an alias, dates, a field of its own), headings, wiki links to other notes
// (some to a heading, some by alias), a fenced block holding link syntax, and every tenth note a
// picture. The import runs as the server runs it (staged, a backup first, then the pages in one
// transaction), in this process; RSS is sampled every 50 ms and the event loop's delay throughout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createContext } from '../src/server/context';
import { defaultConfig } from '../src/server/config';
import { seed } from './lib/seed';

const NOTES = Number(process.env.BENCH_MARKDOWN_NOTES ?? 5_000);
const FOLDERS = 50;
const MB = 1024 * 1024;

const folderOf = (i: number) => `Area ${i % FOLDERS}`;
const nameOf = (i: number) => `Note ${i}`;

function noteBody(i: number): string {
  const link = (k: number) => nameOf((i * 31 + k * 97) % NOTES);
  const words = 'the plan for the next release keeps every team informed and on time '.repeat(6);
  return [
    '---',
    `tags: [area-${i % FOLDERS}, kind-${i % 7}]`,
    `aliases: [Alias ${i}]`,
    `created: 2024-01-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`,
    `cssclasses: [wide]`,
    '---',
    `# ${nameOf(i)}`,
    '',
    `See [[${link(1)}]], [[${link(2)}#Details|the details]] and [[Alias ${(i + 1) % NOTES}]].`,
    '',
    '## Details',
    '',
    words,
    '',
    '```md',
    '[[not a link]] ![[nor an embed]]',
    '```',
    '',
    i % 10 === 0 ? `![[picture-${i}.png|300]]` : `> [!note]\n> ${words.slice(0, 80)} ^block-${i}`,
    '',
    '## More',
    '',
    words,
  ].join('\n');
}

/** Writes the vault; returns its files (relative, `/`-separated). */
function writeVault(dir: string): string[] {
  const files: string[] = [];
  const picture = Buffer.alloc(12 * 1024, 7);
  for (let i = 0; i < NOTES; i++) {
    const file = `${folderOf(i)}/${nameOf(i)}.md`;
    fs.mkdirSync(path.join(dir, folderOf(i)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), noteBody(i));
    files.push(file);
    if (i % 10 === 0) {
      const asset = `${folderOf(i)}/attachments/picture-${i}.png`;
      fs.mkdirSync(path.join(dir, folderOf(i), 'attachments'), { recursive: true });
      fs.writeFileSync(path.join(dir, asset), picture);
      files.push(asset);
    }
  }
  return files;
}

export async function runMarkdownImportBench() {
  const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-vault-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-md-'));
  try {
    const files = writeVault(vault);
    await seed(dataDir, 0);
    const ctx = createContext(defaultConfig({ dataDir, logLevel: 'silent', logToFile: false }));
    const admin = ctx.users.findByUsername('bench');
    if (!admin) throw new Error('no bench admin');
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = performance.now();
    const upload = ctx.markdownImport.begin();
    for (const file of files) await upload.stager.add(file, fs.createReadStream(path.join(vault, file)));
    const staged = performance.now();
    upload.start('/vault', { id: admin.id, lang: 'en_US' });
    await ctx.markdownImport.whenIdle();
    const seconds = (performance.now() - start) / 1000;
    loop.disable();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const last = ctx.markdownImport.status().last;
    await ctx.search.whenIdle(); // the new pages' indexing, before the database closes
    await ctx.close();
    if (!last?.ok) throw new Error(`import failed: ${JSON.stringify(last)}`);
    const { report } = last;
    return {
      noteCount: NOTES,
      pictures: files.length - NOTES,
      seconds: Math.round(seconds * 100) / 100,
      stagingSeconds: Math.round((staged - start) / 10) / 100,
      notesPerSecond: Math.round(NOTES / seconds),
      peakRssMB: Math.round(peak / MB),
      rssGrowthMB: Math.round((peak - before) / MB),
      eventLoopMaxMs: Math.round(loop.max / 1e6),
      pagesCreated: report.pagesCreated,
      attachmentsCreated: report.attachmentsCreated,
      unresolvedLinks: report.unresolvedLinks,
      notes: [
        'staging (writing each file to the import folder, as an upload does) is part of the time; so is the backup every import starts with',
        'the vault: 50 folders of 100 notes of ~2 KB, front matter, 3 wiki links each (one to a heading, one by alias), a fenced block with link syntax, a callout with a block id or a sized picture',
      ],
    };
  } finally {
    fs.rmSync(vault, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
