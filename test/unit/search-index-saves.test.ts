// When the index is saved: once a while after changes however many there were, later for an index
// whose saves take long, never two at once, and a failure is reported instead of thrown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexSaves } from '../../src/server/modules/search/index-saves';
import type { IndexStore } from '../../src/server/modules/search/index-store';
import { PageIndex } from '../../src/server/modules/search/page-index';

afterEach(() => vi.useRealTimers());

function fakeStore(saveMs = 0, fail = false) {
  const saved: number[] = [];
  const store = {
    save: vi.fn(async (_index: PageIndex, savedAt: number) => {
      vi.advanceTimersByTime(saveMs); // the time a large save holds the thread
      if (fail) throw new Error('disk full');
      saved.push(savedAt);
    }),
  };
  return { store: store as unknown as IndexStore, saves: store.save, saved };
}

describe('IndexSaves', () => {
  it('saves once, 5 s after the first of many changes', async () => {
    vi.useFakeTimers();
    const { store, saves } = fakeStore();
    const index = new IndexSaves(store, () => {});
    for (let i = 0; i < 10; i++) index.schedule(() => new PageIndex());
    await vi.advanceTimersByTimeAsync(4999);
    expect(saves).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveBeenCalledOnce();
    expect(index.savedAt).not.toBeNull();
  });

  it('waits thirty times as long as the last save took before the next', async () => {
    vi.useFakeTimers();
    const { store, saves } = fakeStore(3000);
    const index = new IndexSaves(store, () => {});
    await index.save(new PageIndex());
    index.schedule(() => new PageIndex());
    await vi.advanceTimersByTimeAsync(89_999);
    expect(saves).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveBeenCalledTimes(2);
  });

  it('saves at most once a minute while changes keep coming', async () => {
    vi.useFakeTimers();
    const { store, saves } = fakeStore();
    const index = new IndexSaves(store, () => {});
    index.schedule(() => new PageIndex());
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    index.schedule(() => new PageIndex()); // 20 s after the first save: the next waits for the minute
    await vi.advanceTimersByTimeAsync(39_999);
    expect(saves).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveBeenCalledTimes(2);
  });

  it('forgets a planned save when cancelled, and reports a failed one', async () => {
    vi.useFakeTimers();
    const failed = vi.fn();
    const { store, saves } = fakeStore(0, true);
    const index = new IndexSaves(store, failed);
    index.schedule(() => new PageIndex());
    index.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saves).not.toHaveBeenCalled();
    await index.save(new PageIndex());
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'disk full' }));
    expect(index.savedAt).toBeNull();
  });
});
