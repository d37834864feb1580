// A full scan of the pages (an index build, the start-up reconciliation) reads every page of the
// database once: through SQLite's memory map each page it touched stays resident in this process
// (up to the 256 MiB map), and pages read from the WAL fill the 64 MiB page cache. Nothing needs
// them again soon (the OS file cache still holds them), so after a scan the map is dropped and
// re-created empty (SQLite remaps when mmap_size changes) and the cache is shrunk. On a 100k-page
// wiki that is ~300 MiB of RSS the search index would otherwise seem to cost.
import type Database from 'better-sqlite3';

export function releaseScanMemory(sqlite: Database.Database): void {
  if (!sqlite.open) return;
  const mmapSize = Number(sqlite.pragma('mmap_size', { simple: true }));
  if (mmapSize > 0) {
    sqlite.pragma('mmap_size = 0');
    sqlite.pragma(`mmap_size = ${mmapSize}`);
  }
  sqlite.pragma('shrink_memory');
}
