// Page id ↔ document id for the search index, without a string per page. Quire's page ids are 24
// hex digits (lib/ids.ts, and GROWI's ObjectIds in imported archives): kept as 12 bytes per
// document id, found by an open-addressing table of document ids hashed from those bytes. At 100k
// pages a Map of id strings and the strings themselves took about 8 MiB; these arrays take 2.5.
// Any other id (a test's "p1", a future format) is kept as it is, in a Map of its own.

const ID_BYTES = 12;

/** A lower-case hex digit's value, else -1. */
function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** Writes a 24-hex-digit id's bytes at `at`; false (nothing meaningful written) for any other id. */
function parseHexId(id: string, out: Uint8Array, at: number): boolean {
  if (id.length !== 2 * ID_BYTES) return false;
  for (let i = 0; i < ID_BYTES; i++) {
    const high = nibble(id.charCodeAt(2 * i));
    const low = nibble(id.charCodeAt(2 * i + 1));
    if (high < 0 || low < 0) return false;
    out[at + i] = (high << 4) | low;
  }
  return true;
}

/** FNV-1a over an id's 12 bytes. */
function hashOf(bytes: Uint8Array, at: number): number {
  let h = 0x811c9dc5;
  for (let i = at; i < at + ID_BYTES; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

/** Reused for a looked-up id's bytes. */
const scratch = Buffer.alloc(ID_BYTES);

export class PageIdTable {
  /** Per document id, its page id's bytes (hex ids only). */
  private bytes = Buffer.alloc(1024 * ID_BYTES);
  /** Per document id: 1 when its page id is in `bytes`. */
  private packed = new Uint8Array(1024);
  /** Linear probing: document id + 1 at the slot its bytes hash to, 0 for none. */
  private slots = new Int32Array(2048);
  private packedCount = 0;
  private readonly otherByPage = new Map<string, number>();
  private readonly otherByDoc = new Map<number, string>();

  get size(): number {
    return this.packedCount + this.otherByPage.size;
  }

  docIdOf(pageId: string): number | undefined {
    if (!parseHexId(pageId, scratch, 0)) return this.otherByPage.get(pageId);
    const slot = this.find(scratch, 0);
    return slot < 0 ? undefined : (this.slots[slot] as number) - 1;
  }

  pageIdOf(docId: number): string | undefined {
    if (!this.packed[docId]) return this.otherByDoc.get(docId);
    return this.bytes.toString('hex', docId * ID_BYTES, (docId + 1) * ID_BYTES);
  }

  /** Gives the page this document id (in place of any it had). */
  set(pageId: string, docId: number): void {
    this.delete(pageId);
    if (!parseHexId(pageId, scratch, 0)) {
      this.otherByPage.set(pageId, docId);
      this.otherByDoc.set(docId, pageId);
      return;
    }
    if (docId >= this.packed.length) this.growDocs(docId);
    if ((this.packedCount + 1) * 2 > this.slots.length) this.growSlots();
    this.bytes.set(scratch, docId * ID_BYTES);
    this.packed[docId] = 1;
    this.packedCount++;
    this.place(docId);
  }

  /** Forgets the page; its document id, or undefined when it had none. */
  delete(pageId: string): number | undefined {
    if (!parseHexId(pageId, scratch, 0)) {
      const docId = this.otherByPage.get(pageId);
      if (docId === undefined) return undefined;
      this.otherByPage.delete(pageId);
      this.otherByDoc.delete(docId);
      return docId;
    }
    const slot = this.find(scratch, 0);
    return slot < 0 ? undefined : this.removeAt(slot);
  }

  /** Forgets the page that has this document id, if it still has it (not a newer one). */
  forgetDoc(docId: number): void {
    if (this.packed[docId]) {
      this.removeAt(this.find(this.bytes, docId * ID_BYTES));
      return;
    }
    const pageId = this.otherByDoc.get(docId);
    if (pageId !== undefined) this.delete(pageId);
  }

  *entries(): IterableIterator<[string, number]> {
    for (let docId = 0; docId < this.packed.length; docId++) {
      if (this.packed[docId]) yield [this.pageIdOf(docId) as string, docId];
    }
    yield* this.otherByPage.entries();
  }

  /** The slot holding the document whose id bytes equal `bytes[at..]`, or -1. */
  private find(bytes: Uint8Array, at: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hashOf(bytes, at) & mask; ; slot = (slot + 1) & mask) {
      const held = (this.slots[slot] as number) - 1;
      if (held < 0) return -1;
      const heldAt = held * ID_BYTES;
      let same = true;
      for (let i = 0; i < ID_BYTES && same; i++) same = this.bytes[heldAt + i] === bytes[at + i];
      if (same) return slot;
    }
  }

  /** Empties a slot and answers its document id; later entries of its run move up into the gap. */
  private removeAt(start: number): number {
    let slot = start;
    const docId = (this.slots[slot] as number) - 1;
    this.packed[docId] = 0;
    this.packedCount--;
    const mask = this.slots.length - 1;
    this.slots[slot] = 0;
    for (let next = (slot + 1) & mask; this.slots[next] !== 0; next = (next + 1) & mask) {
      const moving = (this.slots[next] as number) - 1;
      const home = hashOf(this.bytes, moving * ID_BYTES) & mask;
      // The entry may move into the gap unless its home lies after the gap, up to where it is.
      const stays = slot <= next ? slot < home && home <= next : slot < home || home <= next;
      if (stays) continue;
      this.slots[slot] = moving + 1;
      this.slots[next] = 0;
      slot = next;
    }
    return docId;
  }

  private place(docId: number): void {
    const mask = this.slots.length - 1;
    let slot = hashOf(this.bytes, docId * ID_BYTES) & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = docId + 1;
  }

  private growDocs(docId: number): void {
    const length = Math.max(docId + 1, this.packed.length * 2);
    const packed = new Uint8Array(length);
    packed.set(this.packed);
    const bytes = Buffer.alloc(length * ID_BYTES);
    bytes.set(this.bytes);
    this.packed = packed;
    this.bytes = bytes;
  }

  private growSlots(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let docId = 0; docId < this.packed.length; docId++) if (this.packed[docId]) this.place(docId);
  }
}
