// The web app's weight (issues 15, 32): JavaScript a browser must fetch before the first view,
// gzipped, against the 220 KB target. Reads the built app (`npm run build` first): the entry script of
// out/renderer/index.html and every chunk it imports statically, plus the translation chunk of one
// language, which the app always loads at start. Lazily loaded screens (editor, admin…) are counted
// apart.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const RENDERER = path.resolve('out/renderer');
/** Issue 32: the page view's Markdown pipeline and the editor load on demand (was 300, issue 15). */
const TARGET_KB = 220;

const gzipKB = (file: string) =>
  Math.round((zlib.gzipSync(fs.readFileSync(path.join(RENDERER, file))).length / 1024) * 10) / 10;

/** Chunks `file` imports statically (`import … from "./x.js"` / `import "./x.js"`), recursively. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(RENDERER, file), 'utf8');
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
    staticClosure(path.posix.join(path.posix.dirname(file), match[1]!), seen);
  }
  return seen;
}

export async function runBundleBench() {
  const html = fs.readFileSync(path.join(RENDERER, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in out/renderer/index.html: run `npm run build` first');
  const firstView = staticClosure(entry);
  const assets = fs.readdirSync(path.join(RENDERER, 'assets')).filter((f) => f.endsWith('.js'));
  const translation = assets.filter((f) => f.startsWith('translation-')).map((f) => `assets/${f}`);
  const largestTranslation = Math.max(...translation.map(gzipKB));
  const firstViewKB = [...firstView].reduce((sum, f) => sum + gzipKB(f), 0) + largestTranslation;
  const lazy = assets.map((f) => `assets/${f}`).filter((f) => !firstView.has(f) && !translation.includes(f));
  return {
    firstViewJsGzipKB: Math.round(firstViewKB * 10) / 10,
    targetKB: TARGET_KB,
    meetsTarget: firstViewKB <= TARGET_KB,
    firstViewChunks: [...firstView].map((f) => ({ file: f, gzipKB: gzipKB(f) })),
    lazyChunks: lazy.length,
    lazyJsGzipKB: Math.round(lazy.reduce((sum, f) => sum + gzipKB(f), 0) * 10) / 10,
  };
}
