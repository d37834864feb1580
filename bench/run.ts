// `npm run bench`: every benchmark in turn, one JSON object on stdout, ending with issue 17's
// targets beside the figures of this run (`targets.checks`). `npm run bench -- pages` runs only
// the named ones; `npm run bench -- soak --users 200 --minutes 10 --coeditors 10 --idle 500` sizes
// the soak. Run on a quiet machine: with 2 cores a loaded one misleads.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { serverEnv } from '../src/main/server-env';
import { keepHeapNearLive } from '../src/server/lib/heap-settings';
import { checkTargets } from './lib/targets';

// Each loaded when it runs: the options below are in the environment before a module reads them.
const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  bundle: async () => (await import('./bundle')).runBundleBench(),
  archive: async () => (await import('./archive')).runArchiveBench(),
  backup: async () => (await import('./backup')).runBackupBench(),
  coedit: async () => (await import('./coedit')).runCoeditBench(),
  integrity: async () => (await import('./integrity')).runIntegrityBench(),
  lsx: async () => (await import('./lsx')).runLsxBench(),
  'markdown-import': async () => (await import('./markdown-import')).runMarkdownImportBench(),
  pages: async () => (await import('./pages')).runPagesBench(),
  reads: async () => (await import('./reads')).runReadsBench(),
  saves: async () => (await import('./saves')).runSavesBench(),
  search: async () => (await import('./search')).runSearchBench(),
  soak: async () => (await import('./soak')).runSoakBench(),
  tree: async () => (await import('./tree')).runTreeBench(),
  wiki: async () => (await import('./wiki')).runWikiBench(),
};

/** `--name value` options, as the environment variables the benchmarks read. */
const OPTIONS: Record<string, (value: number) => [string, string]> = {
  users: (n) => ['BENCH_SOAK_USERS', String(n)],
  minutes: (n) => ['BENCH_SOAK_SECONDS', String(n * 60)],
  seconds: (n) => ['BENCH_SOAK_SECONDS', String(n)],
  coeditors: (n) => ['BENCH_SOAK_COEDITORS', String(n)],
  idle: (n) => ['BENCH_SOAK_IDLE', String(n)],
};

/** The benchmark names asked for; options (`--users 200`) go into the environment. */
function readArguments(args: string[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) {
      names.push(arg);
      continue;
    }
    const option = OPTIONS[arg.slice(2)];
    const value = Number(args[++i]);
    if (!option || !Number.isFinite(value) || value <= 0)
      throw new Error(
        `${arg} takes a positive number; options: ${Object.keys(OPTIONS)
          .map((o) => `--${o}`)
          .join(', ')}`,
      );
    const [name, text] = option(value);
    process.env[name] = text;
  }
  return names;
}

/**
 * Benchmarks that run the server's code in this process (archive, pages, tree, search…) measure
 * it under the server's own runtime settings: its malloc environment, read by glibc at start (so
 * this process starts itself again with it), and its heap flag.
 */
function underServerRuntime(): void {
  const env = serverEnv(process.env);
  if (Object.entries(env).some(([name, value]) => process.env[name] !== value)) {
    const args = [...process.execArgv, ...process.argv.slice(1)];
    const child = spawnSync(process.execPath, args, { env, stdio: 'inherit' });
    process.exit(child.status ?? 1);
  }
  keepHeapNearLive();
}

async function main() {
  underServerRuntime();
  const wanted = readArguments(process.argv.slice(2));
  const unknown = wanted.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0)
    throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  const result: Record<string, unknown> = {
    machine: {
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      // The server's runtime settings, which this run is under (underServerRuntime).
      malloc: { arenaMax: process.env.MALLOC_ARENA_MAX, mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ },
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
