// A synthetic wiki with a realistic vocabulary for the search benchmark: 50,000 distinct words
// drawn with Zipf's law (s = 1.07, as in English text), ~2 KB per page, one page in ten partly in
// Japanese (kanji/kana words, no spaces), a mix of grants (public, only me, anyone with the link)
// over 20 users, seeded straight into SQLite. Deterministic: the same seed gives the same wiki.
import type Database from 'better-sqlite3';
import { newId } from '../../src/server/lib/ids';

const VOCABULARY = 50_000;
const ZIPF_S = 1.07;
const CJK_CHARS =
  '東京都会議室資料検索機能開発設計報告予定確認共有管理運用品質試験環境変更対応顧客営業技術部門計画';

/** A small seeded PRNG (mulberry32): repeatable corpora without a dependency. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'to',
  'ri',
  'mon',
  'sel',
  'var',
  'en',
  'dri',
  'pho',
  'lu',
  'gan',
  'tes',
  'qui',
  'bor',
  'ny',
];

export class Corpus {
  readonly words: string[];
  readonly cjkWords: string[];
  private readonly cdf: Float64Array;
  readonly rand: () => number;

  constructor(seed = 42) {
    this.rand = random(seed);
    const seen = new Set<string>();
    while (seen.size < VOCABULARY) {
      const n = 2 + Math.floor(this.rand() * 3);
      let word = '';
      for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(this.rand() * SYLLABLES.length)];
      seen.add(word);
    }
    this.words = [...seen];
    this.cjkWords = Array.from({ length: 2000 }, () => {
      const n = 2 + Math.floor(this.rand() * 2);
      return Array.from({ length: n }, () => CJK_CHARS[Math.floor(this.rand() * CJK_CHARS.length)]).join('');
    });
    this.cdf = new Float64Array(VOCABULARY);
    let sum = 0;
    for (let r = 0; r < VOCABULARY; r++) this.cdf[r] = sum += 1 / Math.pow(r + 1, ZIPF_S);
    for (let r = 0; r < VOCABULARY; r++) this.cdf[r] = (this.cdf[r] ?? 0) / sum;
  }

  /** A word by Zipf's law: rank 1 is the most frequent. */
  zipfWord(): string {
    const x = this.rand();
    let lo = 0;
    let hi = VOCABULARY - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cdf[mid] ?? 1) < x) lo = mid + 1;
      else hi = mid;
    }
    return this.words[lo] ?? '';
  }

  /** ~2 KB of Markdown: a heading, then sentences of Zipf words; Japanese sentences in one page in ten. */
  body(i: number): string {
    const japanese = i % 10 === 0;
    const parts = [`# ${this.zipfWord()} ${this.zipfWord()}\n`];
    let length = 0;
    while (length < 2000) {
      const sentence =
        japanese && this.rand() < 0.3
          ? Array.from(
              { length: 6 },
              () => this.cjkWords[Math.floor(this.rand() * this.cjkWords.length)],
            ).join('') + '。'
          : Array.from({ length: 8 + Math.floor(this.rand() * 8) }, () => this.zipfWord()).join(' ') + '.';
      parts.push(sentence);
      length += sentence.length + 1;
    }
    return parts.join(' ');
  }
}

/** The tags pages carry (`tag:` queries pick among them). */
export const TAGS = ['draft', 'howto', 'meeting', 'spec', 'design', 'ops', 'faq', 'archive'];

export interface SeededWiki {
  userIds: string[];
  adminId: string;
  pageCount: number;
}

/**
 * Pages under /area-{0..19}/team-{0..49}/…; 85 % public, 10 % only-me, 5 % anyone-with-the-link; a
 * third tagged.
 */
export function seedCorpus(sqlite: Database.Database, corpus: Corpus, pageCount: number): SeededWiki {
  const now = Date.now();
  const insertUser = sqlite.prepare(
    `INSERT INTO users (id, username, name, email, password_hash, created_at, updated_at)
     VALUES (?, ?, ?, ?, NULL, ?, ?)`,
  );
  const userIds = Array.from({ length: 20 }, (_, u) => {
    const id = newId();
    insertUser.run(id, `user${u}`, `User ${u}`, `user${u}@example.com`, now, now);
    return id;
  });
  const insertPage = sqlite.prepare(
    `INSERT INTO pages (id, path, "grant", creator_id, last_update_user_id, revision_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRevision = sqlite.prepare(
    'INSERT INTO revisions (id, page_id, body, author_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertTag = sqlite.prepare('INSERT INTO tags (id, name, name_key) VALUES (?, ?, ?)');
  const tagIds = TAGS.map((name) => {
    const id = newId();
    insertTag.run(id, name, name.toLowerCase());
    return id;
  });
  const tagPage = sqlite.prepare('INSERT INTO page_tags (page_id, tag_id) VALUES (?, ?)');
  sqlite.pragma('foreign_keys = OFF'); // the page points at its revision before it exists
  sqlite.transaction(() => {
    for (let i = 0; i < pageCount; i++) {
      const r = corpus.rand();
      const grant = r < 0.85 ? 1 : r < 0.95 ? 4 : 2;
      const creator = userIds[i % userIds.length] ?? null;
      const pageId = newId();
      const revisionId = newId();
      const path = `/area-${i % 20}/team-${Math.floor(i / 20) % 50}/${corpus.zipfWord()}-${i}`;
      insertPage.run(pageId, path, grant, creator, creator, revisionId, now + i, now + i);
      insertRevision.run(revisionId, pageId, corpus.body(i), creator, now + i);
      // A third of the pages carry one or two tags.
      if (corpus.rand() < 1 / 3) {
        const first = Math.floor(corpus.rand() * TAGS.length);
        tagPage.run(pageId, tagIds[first]);
        const second = Math.floor(corpus.rand() * TAGS.length);
        if (corpus.rand() < 0.3 && second !== first) tagPage.run(pageId, tagIds[second]);
      }
    }
  })();
  sqlite.pragma('foreign_keys = ON');
  return { userIds, adminId: userIds[0] ?? '', pageCount };
}
