// Pure checks behind `npm run i18n:check`: flattening message files, reading ICU
// arguments, and comparing one locale with English. Unit tests: i18n-check-lib.test.ts.

/**
 * The texts that may stay identical to English (scripts/i18n-allow.json): names that are the
 * same in every language, keys whose values are names, and per locale the keys whose English
 * text is also the right word there.
 */
export interface Allowlist {
  sameInEveryLanguage: ReadonlySet<string>;
  /** Exact keys, or prefixes ending in ".". */
  namesByKey: readonly string[];
  byLocale: ReadonlyMap<string, ReadonlySet<string>>;
}

export const emptyAllowlist: Allowlist = {
  sameInEveryLanguage: new Set(),
  namesByKey: [],
  byLocale: new Map(),
};

function stringList(value: unknown, where: string, problems: string[]): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    problems.push(`${where}: expected a list of strings`);
    return [];
  }
  return value as string[];
}

/** Reads the allowlist file's JSON; a malformed part is a problem, not a throw. */
export function parseAllowlist(value: unknown): { allowlist: Allowlist; problems: string[] } {
  const problems: string[] = [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { allowlist: emptyAllowlist, problems: [`(root): expected an object`] };
  }
  const raw = value as Record<string, unknown>;
  const byLocale = new Map<string, ReadonlySet<string>>();
  const locales = raw.locales ?? {};
  if (locales === null || typeof locales !== 'object' || Array.isArray(locales)) {
    problems.push('locales: expected an object of locale → keys');
  } else {
    for (const [locale, keys] of Object.entries(locales)) {
      byLocale.set(locale, new Set(stringList(keys, `locales.${locale}`, problems)));
    }
  }
  return {
    allowlist: {
      sameInEveryLanguage: new Set(
        stringList(raw.sameInEveryLanguage ?? [], 'sameInEveryLanguage', problems),
      ),
      namesByKey: stringList(raw.namesByKey ?? [], 'namesByKey', problems),
      byLocale,
    },
    problems,
  };
}

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

const keyMatches = (pattern: string, key: string) =>
  pattern.endsWith('.') ? key.startsWith(pattern) : key === pattern;

/** A text that may be identical to English in every language: names, numbers, symbols. */
export function mayEqualEnglish(value: string, key: string, allowlist: Allowlist): boolean {
  if (allowlist.sameInEveryLanguage.has(value.trim())) return true;
  if (allowlist.namesByKey.some((pattern) => keyMatches(pattern, key))) return true;
  const withoutArguments = value.replace(/\{[^{}]*\}/g, '');
  return !/\p{L}/u.test(withoutArguments);
}

/** Whether `locale` may keep English's text for `key`: a name everywhere, or its own exception. */
export function mayKeepEnglish(
  locale: string,
  key: string,
  english: string,
  allowlist: Allowlist,
): boolean {
  if (mayEqualEnglish(english, key, allowlist)) return true;
  const own = allowlist.byLocale.get(locale);
  return own !== undefined && [...own].some((pattern) => keyMatches(pattern, key));
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
  /** Keys whose text is still English's and that no allowlist entry explains. */
  untranslated: string[];
  placeholderMismatches: PlaceholderMismatch[];
  /** Translated messages that are not valid ICU. */
  syntaxErrors: { key: string; error: string }[];
  /** The locale's allowlist entries that match no English key (a typo or a removed key). */
  unknownAllowed: string[];
  /** The locale's allowlist entries whose text is now translated: the entry can go. */
  staleAllowed: string[];
}

const sorted = (set: Set<string>) => [...set].sort();

/** Compares one locale's flattened messages with English's. */
export function compareLocale(
  locale: string,
  english: ReadonlyMap<string, string>,
  translation: ReadonlyMap<string, string>,
  allowlist: Allowlist = emptyAllowlist,
): LocaleReport {
  const report: LocaleReport = {
    locale,
    total: english.size,
    translated: 0,
    missing: [],
    extra: [],
    untranslated: [],
    placeholderMismatches: [],
    syntaxErrors: [],
    unknownAllowed: [],
    staleAllowed: [],
  };
  for (const [key, source] of english) {
    const value = translation.get(key);
    if (value === undefined) {
      report.missing.push(key);
      continue;
    }
    if (value === source) {
      if (mayKeepEnglish(locale, key, source, allowlist)) report.translated++;
      else report.untranslated.push(key);
      continue;
    }
    report.translated++;
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
  for (const pattern of allowlist.byLocale.get(locale) ?? []) {
    const keys = [...english.keys()].filter((key) => keyMatches(pattern, key));
    if (keys.length === 0) report.unknownAllowed.push(pattern);
    else if (
      keys.every((key) => {
        const value = translation.get(key);
        return value !== undefined && value !== english.get(key);
      })
    ) {
      report.staleAllowed.push(pattern);
    }
  }
  return report;
}

/**
 * Whether a report must fail the check. Missing keys do too, unless `allowMissing` (while new
 * English texts wait for their translation: the site shows English for them meanwhile).
 */
export function hasErrors(report: LocaleReport, options: { allowMissing?: boolean } = {}): boolean {
  return (
    (!options.allowMissing && report.missing.length > 0) ||
    report.extra.length > 0 ||
    report.untranslated.length > 0 ||
    report.placeholderMismatches.length > 0 ||
    report.syntaxErrors.length > 0 ||
    report.unknownAllowed.length > 0
  );
}

/** Share of translated keys, 0–100 with one decimal. */
export function coveragePercent(report: Pick<LocaleReport, 'total' | 'translated'>): number {
  if (report.total === 0) return 100;
  return Math.floor((report.translated / report.total) * 1000) / 10;
}
