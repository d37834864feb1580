// Issues 17's and 32's targets beside what this run measured: one look at `npm run bench` says
// what holds. Only the benchmarks that ran are judged.

export interface TargetCheck {
  measure: string;
  value: number | boolean | null;
  target: string;
  holds: boolean;
}

type Results = Record<string, unknown>;

/** A number (or boolean) deep inside a result, or null when the benchmark did not run. */
function at(results: Results, path: string): number | boolean | null {
  let value: unknown = results;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

const atMost = (limit: number) => ({ target: `≤ ${limit}`, ok: (v: number | boolean) => Number(v) <= limit });
const atLeast = (limit: number) => ({
  target: `≥ ${limit}`,
  ok: (v: number | boolean) => Number(v) >= limit,
});
const isTrue = { target: 'true', ok: (v: number | boolean) => v === true };

const SEARCH_KINDS = [
  'oneWord',
  'twoWords',
  'threeWords',
  'prefix',
  'tag',
  'japanese',
  'asYouType',
  'phrase',
];

/** Issue 32 §1: each hot GET beside the bare server answering the same rows (search: FTS5). */
const HOT_READS = [
  'page',
  'treeChildren',
  'treeItem',
  'pageInfo',
  'recentChanges',
  'comments',
  'attachmentList',
  'tags',
  'bookmarkInfo',
  'notificationStatus',
  'searchAsYouType',
];
const readRatio = (name: string) => atLeast(name === 'searchAsYouType' ? 0.4 : 0.75);

const TARGETS: [string, ReturnType<typeof atMost>][] = [
  ['pages.readThroughputVsBare', atLeast(0.75)],
  ['pages.signedInReadThroughputVsBare', atLeast(0.75)],
  ['saves.savesPerSecond', atLeast(1000)],
  ['saves.lostAcknowledgedSaves', atMost(0)],
  ['saves.errors', atMost(0)],
  ['search.quire.startupWithSavedIndexSeconds', atMost(1)],
  ...SEARCH_KINDS.map((kind): [string, ReturnType<typeof atMost>] => [
    `search.quire.queryMs.${kind}.p99`,
    atMost(5),
  ]),
  // Issue 30's budget for the index with longer forms and phrase structures (was 200 before them).
  ['search.quire.rssGrowthAfterLoadMiB', atMost(250)],
  ['wiki.restart.healthySeconds', atMost(2)],
  ['wiki.restart.searchReadySeconds', atMost(10)],
  // Issue 32 §3 (issue 17's was 500 MB, 476 MiB); /proc reports kibibytes.
  ['wiki.rssAfterLoadMiB.total', atMost(300)],
  ['wiki.mixedLoad.errors', atMost(0)],
  ['tree.childrenOf10kSiblings.limit100.p99Ms', atMost(5)],
  // Issue 11: the archive export at 100k pages.
  ['archive.export.seconds', atMost(60)],
  ['archive.export.rssGrowthMB', atMost(200)],
  // Issue 32 §5: the archive import at 100k pages, while the server keeps answering.
  ['archive.import.seconds', atMost(12)],
  ['archive.import.rssGrowthMB', atMost(100)],
  ['archive.import.eventLoopMaxMs', atMost(50)],
  // Issue 32 §4: 50 editors on one page (the benchmark's default).
  ['coedit.keystrokeToPeer.p99Ms', atMost(25)],
  ['soak.errors', atMost(0)],
  ['soak.rss.growthPercent', atMost(10)],
  ['soak.coedit.converged', isTrue],
  ['soak.coedit.saved', isTrue],
  ['bundle.firstViewJsGzipKB', atMost(220)],
  ...HOT_READS.flatMap((name): [string, ReturnType<typeof atMost>][] => {
    const signedIn: [string, ReturnType<typeof atMost>] = [`reads.${name}.signedInVsBare`, readRatio(name)];
    // The notification badge is a signed-in user's only.
    if (name === 'notificationStatus') return [signedIn];
    return [[`reads.${name}.guestVsBare`, readRatio(name)], signedIn];
  }),
  // Issue 29: a 5,000-note vault, every link found; a minute is our own bound (the issue asks for
  // the figures), and the server must keep answering meanwhile.
  ['markdown-import.seconds', atMost(60)],
  ['markdown-import.unresolvedLinks', atMost(0)],
  ['markdown-import.eventLoopMaxMs', atMost(100)],
];

/**
 * Issue 32's soak latencies, p99 in ms: 50 users (the default) read, search and save within 20, 20
 * and 40; 200 users (`--users 200 --minutes 10`) read within 50 and save within 100.
 */
function soakTargets(results: Results): [string, ReturnType<typeof atMost>][] {
  const users = at(results, 'soak.users');
  if (users === null) return [];
  const limits: Record<string, number> =
    Number(users) >= 200 ? { read: 50, save: 100 } : { read: 20, search: 20, save: 40 };
  return Object.entries(limits).map(([op, ms]) => [`soak.operations.${op}.p99Ms`, atMost(ms)]);
}

export function checkTargets(results: Results): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const [measure, { target, ok }] of [...TARGETS, ...soakTargets(results)]) {
    if (!(measure.split('.')[0]! in results)) continue;
    const value = at(results, measure);
    checks.push({ measure, value, target, holds: value !== null && ok(value) });
  }
  return checks;
}
