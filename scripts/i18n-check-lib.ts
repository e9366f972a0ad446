// Pure checks behind `npm run i18n:check`: flattening message files, reading ICU
// arguments, and comparing one locale with English. Unit tests: i18n-check-lib.test.ts.

/** Values that may stay identical to English and still count as translated. */
export const sameInEveryLanguage: ReadonlySet<string> = new Set([
  'Turbo VPN',
  'Turbo VPN Web',
  'PayPal',
  'Google Play',
  'App Store',
  'Apple',
  'Google',
  'Windows',
  'macOS',
  'iOS',
  'Android',
  'Chrome',
  'Xbox',
  'PlayStation',
  'Nintendo Switch',
  'Netflix',
  'Hulu',
  'Disney+',
  'YouTube',
  'Spotify',
  'Facebook',
  'Instagram',
  'Twitter',
  'TikTok',
  'WhatsApp',
  'Telegram',
  'AES-256',
  'VPN',
  'IP',
  'FAQ',
  'Email',
  'OK',
]);

/** Keys (exact, or prefixes ending in ".") whose values are names: brands, apps, services. */
export const namesByKey: readonly string[] = [
  'Common.brand',
  'Meta.siteName',
  'Apps.',
  'UseCases.services.',
];

export class IcuSyntaxError extends Error {
  override name = 'IcuSyntaxError';
}

/**
 * Flattens a message tree into dotted keys. Leaves must be strings; anything else
 * (numbers, arrays, null) is reported as a problem.
 */
export function flattenMessages(tree: unknown): {
  entries: Map<string, string>;
  problems: string[];
} {
  const entries = new Map<string, string>();
  const problems: string[] = [];
  const walk = (node: unknown, prefix: string): void => {
    if (typeof node === 'string') {
      entries.set(prefix, node);
    } else if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      for (const [key, value] of Object.entries(node))
        walk(value, prefix ? `${prefix}.${key}` : key);
    } else {
      problems.push(`${prefix || '(root)'}: expected a string or an object, got ${kindOf(node)}`);
    }
  };
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
    problems.push(`(root): expected an object, got ${kindOf(tree)}`);
  } else {
    walk(tree, '');
  }
  return { entries, problems };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

const pluralTypes = new Set(['plural', 'selectordinal', 'select']);

/**
 * The argument names (`{name}`) and rich-text tags (`<b>`) of an ICU message, as used
 * by next-intl. Apostrophe quoting follows ICU: `''` is an apostrophe, `'{…}'` is literal
 * text, an apostrophe before anything else is just an apostrophe (French "l'appli").
 * Throws IcuSyntaxError on unbalanced braces or tags.
 */
export function icuArguments(message: string): Set<string> {
  const names = new Set<string>();
  let i = 0;

  const fail = (what: string): never => {
    throw new IcuSyntaxError(`${what} at position ${i}`);
  };

  const skipSpace = () => {
    while (i < message.length && /\s/.test(message[i] ?? '')) i++;
  };

  // Reads message text until an unmatched `}` (when nested) or the end.
  const parseText = (nested: boolean, inPlural: boolean, openTag?: string): void => {
    while (i < message.length) {
      const ch = message[i];
      if (ch === "'") {
        const next = message[i + 1];
        if (next === "'") {
          i += 2;
        } else if (next === '{' || next === '}' || next === '<' || (inPlural && next === '#')) {
          const end = message.indexOf("'", i + 1);
          i = end === -1 ? message.length : end + 1;
        } else {
          i++;
        }
      } else if (ch === '{') {
        i++;
        parseArgument();
      } else if (ch === '}') {
        if (!nested) fail('unmatched "}"');
        if (openTag) fail(`tag <${openTag}> not closed`);
        return;
      } else if (ch === '<') {
        const close = /^<\/([A-Za-z0-9_-]+)\s*>/.exec(message.slice(i));
        if (close) {
          if (close[1] !== openTag) fail(`unexpected </${close[1]}>`);
          i += close[0].length;
          return;
        }
        const open = /^<([A-Za-z0-9_-]+)\s*(\/?)>/.exec(message.slice(i));
        if (open?.[1]) {
          names.add(`<${open[1]}>`);
          i += open[0].length;
          if (!open[2]) {
            parseText(nested, inPlural, open[1]);
            // parseText returned on the closing tag
          }
        } else {
          i++; // a lone "<" is text
        }
      } else {
        i++;
      }
    }
    if (openTag) fail(`tag <${openTag}> not closed`);
    if (nested) fail('missing "}"');
  };

  // After "{": name [, type [, style | branches]] "}"
  const parseArgument = (): void => {
    skipSpace();
    const nameMatch = /^[^\s,{}]+/.exec(message.slice(i));
    if (!nameMatch) fail('empty argument');
    const name = nameMatch?.[0] ?? '';
    names.add(name);
    i += name.length;
    skipSpace();
    if (message[i] === '}') {
      i++;
      return;
    }
    if (message[i] !== ',') fail(`expected "," or "}" after {${name}`);
    i++;
    skipSpace();
    const typeMatch = /^[A-Za-z]+/.exec(message.slice(i));
    if (!typeMatch) fail(`missing type for {${name}}`);
    const type = typeMatch?.[0] ?? '';
    i += type.length;
    skipSpace();
    if (message[i] === '}') {
      i++;
      return;
    }
    if (message[i] !== ',') fail(`expected "," after {${name}, ${type}`);
    i++;
    if (pluralTypes.has(type)) {
      let branches = 0;
      for (;;) {
        skipSpace();
        if (message[i] === '}') {
          if (branches === 0) fail(`{${name}, ${type}} has no branches`);
          i++;
          return;
        }
        const selector = /^[^\s{}]+/.exec(message.slice(i));
        if (!selector) fail(`expected a selector in {${name}, ${type}}`);
        i += selector?.[0].length ?? 0;
        if (selector?.[0].startsWith('offset:')) continue;
        skipSpace();
        if (message[i] !== '{') fail(`expected "{" after selector ${selector?.[0]}`);
        i++;
        parseText(true, type !== 'select');
        i++; // the branch's "}"
        branches++;
      }
    }
    // number/date/time style or skeleton: skip to the matching "}"
    let depth = 1;
    while (i < message.length && depth > 0) {
      if (message[i] === '{') depth++;
      else if (message[i] === '}') depth--;
      i++;
    }
    if (depth > 0) fail(`missing "}" for {${name}, ${type}}`);
  };

  parseText(false, false);
  return names;
}

/** A translation that is identical to English but may be (names, numbers, symbols). */
export function mayEqualEnglish(value: string, key = ''): boolean {
  if (sameInEveryLanguage.has(value.trim())) return true;
  if (namesByKey.some((name) => (name.endsWith('.') ? key.startsWith(name) : key === name))) {
    return true;
  }
  const withoutArguments = value.replace(/\{[^{}]*\}/g, '');
  return !/\p{L}/u.test(withoutArguments);
}

export interface PlaceholderMismatch {
  key: string;
  english: string[];
  translated: string[];
}

export interface LocaleReport {
  locale: string;
  total: number;
  translated: number;
  missing: string[];
  /** Keys the locale has and English lacks (including string/object shape clashes). */
  extra: string[];
  placeholderMismatches: PlaceholderMismatch[];
  /** Translated messages that are not valid ICU. */
  syntaxErrors: { key: string; error: string }[];
}

const sorted = (set: Set<string>) => [...set].sort();

/** Compares one locale's flattened messages with English's. */
export function compareLocale(
  locale: string,
  english: ReadonlyMap<string, string>,
  translation: ReadonlyMap<string, string>,
): LocaleReport {
  const report: LocaleReport = {
    locale,
    total: english.size,
    translated: 0,
    missing: [],
    extra: [],
    placeholderMismatches: [],
    syntaxErrors: [],
  };
  for (const [key, source] of english) {
    const value = translation.get(key);
    if (value === undefined) {
      report.missing.push(key);
      continue;
    }
    if (value !== source || mayEqualEnglish(source, key)) report.translated++;
    if (value === source) continue;
    let translatedArgs: Set<string>;
    try {
      translatedArgs = icuArguments(value);
    } catch (error) {
      report.syntaxErrors.push({
        key,
        error: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    let englishArgs: Set<string>;
    try {
      englishArgs = icuArguments(source);
    } catch {
      continue; // reported once, against en.json
    }
    const a = sorted(englishArgs);
    const b = sorted(translatedArgs);
    if (a.join('\u0000') !== b.join('\u0000')) {
      report.placeholderMismatches.push({ key, english: a, translated: b });
    }
  }
  for (const key of translation.keys()) {
    if (!english.has(key)) report.extra.push(key);
  }
  return report;
}

/** Whether a report contains something that must fail the check (missing keys do not). */
export function hasErrors(report: LocaleReport): boolean {
  return (
    report.extra.length > 0 ||
    report.placeholderMismatches.length > 0 ||
    report.syntaxErrors.length > 0
  );
}

/** Share of translated keys, 0–100 with one decimal. */
export function coveragePercent(report: Pick<LocaleReport, 'total' | 'translated'>): number {
  if (report.total === 0) return 100;
  return Math.floor((report.translated / report.total) * 1000) / 10;
}
