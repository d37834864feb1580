// `npm run bench`: every benchmark in turn, one JSON object on stdout, ending with issue 17's
// targets beside the figures of this run (`targets.checks`). `npm run bench -- pages` runs only
// the named ones; `npm run bench -- soak --users 200 --minutes 10 --coeditors 10 --idle 500` sizes
// the soak. Run on a quiet machine: with 2 cores a loaded one misleads.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { serverEnv } from '../src/main/server-env';
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
 * The archive benchmark measures an import's memory in this process, so it runs under the
 * server's malloc environment, which glibc reads only at start: in a child started with it. The
 * others keep this process's: where a server is spawned (soak, wiki, reads…) it gets serverEnv,
 * and the load generator stays as it was.
 */
const IN_SERVER_RUNTIME = new Set(['archive']);

function inServerRuntime(name: string): Promise<unknown> {
  const env = serverEnv(process.env);
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', name], {
    env: { ...env, QUIRE_BENCH_CHILD: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`the ${name} benchmark failed (${child.status})`);
  const output = child.stdout.toString();
  return Promise.resolve((JSON.parse(output.slice(output.indexOf('{'))) as Record<string, unknown>)[name]);
}

async function main() {
  const wanted = readArguments(process.argv.slice(2));
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
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    const inChild = IN_SERVER_RUNTIME.has(name) && !process.env.QUIRE_BENCH_CHILD;
    result[name] = await (inChild ? inServerRuntime(name) : run());
  }
  const targets = checkTargets(result);
  result.targets = { allHold: targets.every((t) => t.holds), checks: targets };
  console.log(JSON.stringify(result, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
