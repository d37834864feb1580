// `npm run bench`: every benchmark in turn, one JSON object on stdout, ending with issue 17's
// targets beside the figures of this run (`targets.checks`). `npm run bench -- pages` runs only
// the named ones. Run on a quiet machine: with 2 cores a loaded one misleads.
import os from 'node:os';
import { checkTargets } from './lib/targets';
import { runBundleBench } from './bundle';
import { runArchiveBench } from './archive';
import { runBackupBench } from './backup';
import { runCoeditBench } from './coedit';
import { runIntegrityBench } from './integrity';
import { runLsxBench } from './lsx';
import { runMarkdownImportBench } from './markdown-import';
import { runPagesBench } from './pages';
import { runSavesBench } from './saves';
import { runSearchBench } from './search';
import { runSoakBench } from './soak';
import { runTreeBench } from './tree';
import { runWikiBench } from './wiki';

const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  bundle: runBundleBench,
  archive: runArchiveBench,
  backup: runBackupBench,
  coedit: runCoeditBench,
  integrity: runIntegrityBench,
  lsx: runLsxBench,
  'markdown-import': runMarkdownImportBench,
  pages: runPagesBench,
  saves: runSavesBench,
  search: runSearchBench,
  soak: runSoakBench,
  tree: runTreeBench,
  wiki: runWikiBench,
};

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0)
    throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  const result: Record<string, unknown> = {
    machine: {
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
  };
  for (const [name, run] of Object.entries(BENCHMARKS)) {
    if (wanted.length === 0 || wanted.includes(name)) result[name] = await run();
  }
  const targets = checkTargets(result);
  result.targets = { allHold: targets.every((t) => t.holds), checks: targets };
  console.log(JSON.stringify(result, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
