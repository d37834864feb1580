// The search index as a restart sees it: exported in chunks and loaded into a new PageIndex, whose
// buckets are then views and gaps into the loaded chunks.
import { PageIndex } from '../../src/server/modules/search/page-index';

export async function reloadIndex(index: PageIndex): Promise<PageIndex> {
  const chunks: [string, Buffer][] = [];
  await index.exportChunks((key, data) => {
    chunks.push([key, typeof data === 'string' ? Buffer.from(data) : data]);
  });
  const loaded = new PageIndex();
  for (const [key, data] of chunks) loaded.importChunk(key, data);
  return loaded;
}
