// The environment the wiki server process starts with: how its memory is kept near what it holds.
//
// - glibc's malloc gives each thread that allocates its own arena; with the server's threads (libuv's
//   pool, V8's helpers, the search build worker) freed memory stays spread over many arenas and the
//   process's RSS creeps up under load. With two arenas the 50-user soak's RSS stays flat.
// - glibc raises its mmap threshold each time a large block is freed, so after the search index's
//   chunks are read and dropped, large blocks come from the arenas and their freed space stays
//   resident. A fixed 128 KiB threshold hands every large block back to the system when freed:
//   about 40 MiB less at 100k pages.
// docs/decisions/0004-performance.md ("Where the memory goes") has the measurements. Only glibc reads
// these variables; elsewhere they are ignored. A value the user set wins. scripts/launch.mjs and
// test/helpers/process.ts start the server the same way.
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  };
}
