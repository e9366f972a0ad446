import 'server-only';
import bidiFactory from 'bidi-js';
import type { Locale } from '@/lib/locales';
import { directionOf } from '@/lib/locales';
import { type FontFile, fontFor } from './fonts';

// Puts a line of text in the order it is seen: the Unicode bidirectional algorithm (bidi-js)
// gives each character its level, the line is cut where the level or the font changes, and the
// pieces are reordered for display (rule L2). The PDF library then shapes each piece with its
// font: Arabic joins its letters and, as a right-to-left script, lays its glyphs out right to
// left itself; other pieces inside right-to-left text are reversed and mirrored here.

const bidi = bidiFactory();

/** Directional marks and embeddings steer the algorithm and are not drawn. */
const invisible = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/gu;

export interface TextRun {
  text: string;
  font: FontFile;
}

interface LogicalRun extends TextRun {
  level: number;
}

/** Whether the font draws its own glyphs right to left (a script the shaper reverses). */
const selfReversing = (font: FontFile) => font.key.startsWith('noto-sans-arabic-arabic');

/**
 * A line's own direction: the document's by default; 'auto' takes the first strong character's
 * (an address or an email in an Arabic receipt stays left to right); 'ltr' for amounts.
 */
export type LineDirection = 'document' | 'auto' | 'ltr';

function logicalRuns(text: string, locale: Locale, direction: LineDirection): LogicalRun[] {
  const base =
    direction === 'document' ? directionOf(locale) : direction === 'ltr' ? 'ltr' : undefined;
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const runs: LogicalRun[] = [];
  let index = 0;
  for (const char of text) {
    const at = index;
    index += char.length;
    if (invisible.test(char)) {
      invisible.lastIndex = 0;
      continue;
    }
    const level = levels[at] ?? 0;
    const font = fontFor(char.codePointAt(0) ?? 0x20, locale);
    const shown = level % 2 === 1 && !selfReversing(font) ? (mirrored.get(at) ?? char) : char;
    const last = runs.at(-1);
    if (last && last.level === level && last.font.key === font.key) last.text += shown;
    else runs.push({ text: shown, font, level });
  }
  return runs;
}

/** The runs of `text` in display order, left to right, for a document in `locale`. */
export function visualRuns(
  text: string,
  locale: Locale,
  direction: LineDirection = 'document',
): TextRun[] {
  const runs = logicalRuns(text, locale, direction);
  if (runs.length === 0) return [];
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level).filter((level) => level % 2 === 1));
  // L2: from the highest level down to the lowest odd one, reverse every stretch at or above it.
  for (let level = highest; Number.isFinite(lowestOdd) && level >= lowestOdd; level--) {
    let start = 0;
    while (start < runs.length) {
      if ((runs[start]?.level ?? 0) < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < runs.length && (runs[end]?.level ?? 0) >= level) end++;
      runs.splice(start, end - start, ...runs.slice(start, end).reverse());
      start = end;
    }
  }
  return runs.map((run) => ({
    // A piece the shaper does not reverse reads right to left by reversing its characters.
    text:
      run.level % 2 === 1 && !selfReversing(run.font) ? [...run.text].reverse().join('') : run.text,
    font: run.font,
  }));
}
