// Presentation mode (issue 15): a page as slides, cut at the page-break the admin chose — SPEC §9's
// presets (three blank lines, five hyphens) or their own regular expression. Code fences are never
// cut: a separator inside ``` stays part of its slide.

/** GROWI's `markdown:presentation:pageBreakSeparator`: 1 three blank lines, 2 five hyphens, 3 custom. */
export const PAGE_BREAK_PRESETS = [1, 2, 3] as const;
export type PageBreakSeparator = (typeof PAGE_BREAK_PRESETS)[number];

export interface PresentationSettings {
  pageBreakSeparator: PageBreakSeparator;
  pageBreakCustomSeparator: string;
}

/** A custom separator must compile, match a whole line, and not match an empty line. */
export function customSeparatorProblem(source: string): string | null {
  if (source.trim() === '') return 'empty';
  if (source.length > 200) return 'too_long';
  try {
    const re = new RegExp(source);
    if (re.test('')) return 'matches_empty';
  } catch {
    return 'invalid';
  }
  return null;
}

/** The body cut into slides (at least one); blank slides are dropped. */
export function splitSlides(body: string, settings: PresentationSettings): string[] {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const custom = settings.pageBreakSeparator === 3 ? safeRegExp(settings.pageBreakCustomSeparator) : null;
  const slides: string[][] = [[]];
  let fence: string | null = null;
  let blankRun = 0;
  for (const line of lines) {
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (fence === null || fenceMark.startsWith(fence)))
      fence = fence === null ? fenceMark : null;
    const current = slides[slides.length - 1]!;
    if (fence === null && !fenceMark) {
      if (settings.pageBreakSeparator === 2 && /^\s*-{5,}\s*$/.test(line)) {
        slides.push([]);
        continue;
      }
      if (custom?.test(line)) {
        slides.push([]);
        continue;
      }
      if (settings.pageBreakSeparator === 1) {
        blankRun = line.trim() === '' ? blankRun + 1 : 0;
        if (blankRun === 3) {
          slides.push([]);
          continue;
        }
      }
    }
    current.push(line);
  }
  const texts = slides.map((s) => s.join('\n').trim()).filter((s) => s !== '');
  return texts.length > 0 ? texts : [''];
}

function safeRegExp(source: string): RegExp | null {
  if (customSeparatorProblem(source)) return null;
  return new RegExp(source);
}
