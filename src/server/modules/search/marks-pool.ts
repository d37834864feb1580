// Reused per-query arrays indexed by document id (100 KB and more at 100k pages). A fresh one per
// query was garbage for the collector, and above glibc's mmap threshold (128 KiB, serverEnv) a
// mapping made and unmapped each time. Queries run synchronously and their marks end with them,
// so no two uses of one slot overlap.
export class MarksPool {
  private readonly arrays: Uint8Array[] = [];

  /** Slot `slot`'s array, its first `size` entries zero. */
  zeroed(slot: number, size: number): Uint8Array {
    let marks = this.arrays[slot];
    if (!marks || marks.length < size) this.arrays[slot] = marks = new Uint8Array(Math.ceil(size * 1.25));
    else marks.fill(0, 0, size);
    return marks;
  }
}
