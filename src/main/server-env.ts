// The environment the wiki server process starts with.
//
// glibc's malloc gives each thread that allocates its own arena; with the server's threads (libuv's
// pool, V8's helpers, the search build worker) freed memory stays spread over many arenas and the
// process's RSS creeps up under load. With two arenas the 50-user soak's RSS stays flat apart from
// the first backup's one step (it had grown +9 to +18 %), at no cost to read throughput
// (docs/decisions/0004-performance.md: "Memory under a whole team"). Only glibc reads the
// variable; elsewhere it is ignored. A value the user set wins.
// scripts/launch.mjs and test/helpers/process.ts start the server the same way.
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.MALLOC_ARENA_MAX ? env : { ...env, MALLOC_ARENA_MAX: '2' };
}
