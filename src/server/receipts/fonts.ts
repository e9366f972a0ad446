import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import wawoff2 from 'wawoff2';
import type { Locale } from '@/lib/locales';

// The receipt's fonts: Noto Sans from the @fontsource-variable packages (docs/architecture.md
// says why these), which cover the scripts of all 18 languages: Latin, Cyrillic and Devanagari
// (noto-sans), Arabic (noto-sans-arabic), and the Japanese, Korean and Traditional Chinese
// glyphs (noto-sans-jp, -kr, -tc). Each package is cut into files by Unicode range, as a web
// page loads them; a receipt picks, character by character, the file that holds it, and the PDF
// embeds only the glyphs it uses. The files are WOFF2, whose glyph table the PDF library cannot
// subset, so each is unpacked to plain TrueType once (wawoff2) and kept for the process.
// The files are variable fonts, and the PDF library's font subsetter fails on any instance but
// the default one (fontkit 2.0.4 hands its encoder a length where a buffer is due), so each font
// is embedded at its default weight: Regular for noto-sans and noto-sans-arabic, Thin for the
// CJK ones. Weight is then drawn the way PDF writers emulate it: the glyphs are filled and
// stroked with a line a fraction of the type size wide (render.ts), which keeps them text.

export interface FontFile {
  /** A name for the PDF library: package and range. */
  key: string;
  file: string;
  /** The default instance is Thin: drawn with a heavier stroke to read as Regular. */
  thin: boolean;
  ranges: readonly (readonly [number, number])[];
}

interface Family {
  pkg: string;
  files: FontFile[];
}

const families = {
  sans: '@fontsource-variable/noto-sans',
  arabic: '@fontsource-variable/noto-sans-arabic',
  ja: '@fontsource-variable/noto-sans-jp',
  ko: '@fontsource-variable/noto-sans-kr',
  'zh-Hant': '@fontsource-variable/noto-sans-tc',
} as const;
/** Families whose default instance (wght axis default, in their fvar table) is 100. */
const thinByDefault: readonly FamilyName[] = ['ja', 'ko', 'zh-Hant'];
type FamilyName = keyof typeof families;

/** "U+0600-06FF,U+200C" → [[0x600, 0x6ff], [0x200c, 0x200c]] */
export function parseUnicodeRange(value: string): [number, number][] {
  return value.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from, 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

// Resolved from the working directory at run time, not through the bundler (next.config.ts
// lists the PDF packages as external): the fonts stay files in node_modules.
function packageDir(pkg: string): string {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  return path.dirname(require.resolve(`${pkg}/package.json`));
}

const loaded = new Map<FamilyName, Family>();

function family(name: FamilyName): Family {
  const known = loaded.get(name);
  if (known) return known;
  const pkg = families[name];
  const dir = packageDir(pkg);
  const stem = path.basename(pkg);
  const unicode = JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  const files = Object.entries(unicode).map(([subset, range]) => {
    // '[12]' (a numbered slice of a CJK font) or 'latin'.
    const slice = subset.replace(/^\[(\d+)\]$/, '$1');
    return {
      key: `${stem}-${slice}`,
      file: path.join(dir, 'files', `${stem}-${slice}-wght-normal.woff2`),
      ranges: parseUnicodeRange(range),
      thin: thinByDefault.includes(name),
    };
  });
  const made = { pkg, files };
  loaded.set(name, made);
  return made;
}

/** Which families to look in, in order, for a document in `locale`. */
function searchOrder(locale: Locale): FamilyName[] {
  // Han characters are drawn the way the reader's language draws them.
  const cjk: FamilyName[] = ['ja', 'ko', 'zh-Hant'];
  const own = cjk.filter((name) => name === locale);
  const others = cjk.filter((name) => name !== locale);
  return locale === 'ar'
    ? ['arabic', 'sans', ...own, ...others]
    : ['sans', 'arabic', ...own, ...others];
}

/**
 * The font file that has `codePoint`, looking first in the families the locale prefers; the
 * first Latin file for a character no font has (drawn as the font's missing-glyph box).
 */
export function fontFor(codePoint: number, locale: Locale): FontFile {
  for (const name of searchOrder(locale)) {
    for (const file of family(name).files) {
      if (file.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) return file;
    }
  }
  return fallbackFont();
}

function fallbackFont(): FontFile {
  const latin = family('sans').files.find((file) => file.key === 'noto-sans-latin');
  if (!latin) throw new Error('noto-sans has no latin file');
  return latin;
}

const unpacked = new Map<string, Promise<Buffer>>();

/** The TrueType bytes of a font file, unpacked from WOFF2 once per process. */
export function fontBytes(font: FontFile): Promise<Buffer> {
  let bytes = unpacked.get(font.file);
  if (!bytes) {
    bytes = wawoff2.decompress(readFileSync(font.file)).then((data) => Buffer.from(data));
    bytes.catch(() => unpacked.delete(font.file));
    unpacked.set(font.file, bytes);
  }
  return bytes;
}
