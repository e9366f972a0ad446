// `npm run i18n:check`: translation coverage of messages/<locale>.json against en.json.
// Fails (exit 1) when en.json is missing, a file is not valid JSON, a locale file is missing,
// lacks keys or has keys English lacks, a translated message's ICU arguments or tags differ
// from English, or a text is still English's without an entry in scripts/i18n-allow.json.
//   --allow-missing   report missing keys without failing (new English texts that wait for
//                     their translation; the site shows English for them meanwhile)
//   --verbose         list every missing key
//   --dir <folder>    check another messages folder
//   --allow <file>    use another allowlist
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultLocale, locales } from '../../src/lib/locales';
import {
  type Allowlist,
  compareLocale,
  coveragePercent,
  emptyAllowlist,
  flattenMessages,
  hasErrors,
  icuArguments,
  type LocaleReport,
  parseAllowlist,
} from './i18n-check-lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const messagesDir = path.resolve(option('--dir') ?? path.join(root, 'messages'));
const allowFile = path.resolve(
  option('--allow') ?? path.join(root, 'scripts', 'test', 'i18n-allow.json'),
);
const verbose = argv.includes('--verbose');
const allowMissing = argv.includes('--allow-missing');
const errors: string[] = [];
const warnings: string[] = [];
const shown = (file: string) => path.relative(root, file);

function readJson(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    errors.push(
      `${shown(file)}: invalid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

function load(locale: string): Map<string, string> | undefined {
  const file = path.join(messagesDir, `${locale}.json`);
  if (!existsSync(file)) {
    errors.push(`${shown(file)} is missing`);
    return undefined;
  }
  const tree = readJson(file);
  if (tree === undefined) return undefined;
  const { entries, problems } = flattenMessages(tree);
  for (const problem of problems) errors.push(`${shown(file)}: ${problem}`);
  return entries;
}

function loadAllowlist(): Allowlist {
  if (!existsSync(allowFile)) {
    errors.push(`${shown(allowFile)} is missing`);
    return emptyAllowlist;
  }
  const json = readJson(allowFile);
  if (json === undefined) return emptyAllowlist;
  const { allowlist, problems } = parseAllowlist(json);
  for (const problem of problems) errors.push(`${shown(allowFile)}: ${problem}`);
  const known = new Set<string>(locales);
  for (const locale of allowlist.byLocale.keys()) {
    if (!known.has(locale) || locale === defaultLocale) {
      errors.push(`${shown(allowFile)}: locales.${locale} is not a translated locale`);
    }
  }
  return allowlist;
}

/** A long key list cut to its first few, unless --verbose. */
function keyList(keys: readonly string[]): string {
  if (verbose || keys.length <= 5) return keys.join(', ');
  return `${keys.slice(0, 5).join(', ')} … (+${keys.length - 5}; --verbose lists all)`;
}

const english = load(defaultLocale);
if (!english) {
  for (const error of errors) console.error(`i18n-check: ${error}`);
  process.exit(1);
}
const enFile = shown(path.join(messagesDir, 'en.json'));
for (const [key, message] of english) {
  try {
    icuArguments(message);
  } catch (error) {
    errors.push(
      `${enFile}: ${key}: invalid ICU message: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
const allowlist = loadAllowlist();

const known = new Set<string>(locales);
for (const file of readdirSync(messagesDir)) {
  if (file.endsWith('.json') && !known.has(file.slice(0, -5))) {
    warnings.push(`${file} is not one of the site's locales`);
  }
}

const reports: LocaleReport[] = [];
for (const locale of locales) {
  if (locale === defaultLocale) continue;
  const translation = load(locale);
  if (!translation) continue;
  const report = compareLocale(locale, english, translation, allowlist);
  reports.push(report);
  const where = shown(path.join(messagesDir, `${locale}.json`));
  if (report.missing.length > 0) {
    const line = `${where}: ${report.missing.length} missing key(s): ${keyList(report.missing)}`;
    (allowMissing ? warnings : errors).push(line);
  }
  for (const key of report.extra) errors.push(`${where}: key "${key}" does not exist in en.json`);
  for (const key of report.untranslated) {
    errors.push(
      `${where}: ${key}: untranslated ${JSON.stringify(english.get(key))} (translate it, or list the key under locales.${locale} in ${shown(allowFile)} if it is the right word)`,
    );
  }
  for (const { key, error } of report.syntaxErrors) {
    errors.push(`${where}: ${key}: invalid ICU message: ${error}`);
  }
  for (const { key, english: want, translated: got } of report.placeholderMismatches) {
    errors.push(
      `${where}: ${key}: arguments ${JSON.stringify(got)} differ from English ${JSON.stringify(want)}`,
    );
  }
  for (const key of report.unknownAllowed) {
    errors.push(`${shown(allowFile)}: locales.${locale}: "${key}" matches no key of en.json`);
  }
  for (const key of report.staleAllowed) {
    warnings.push(
      `${shown(allowFile)}: locales.${locale}: "${key}" is translated now; the entry can go`,
    );
  }
}

console.log(
  `i18n-check: ${english.size} keys in ${shown(messagesDir)}/en.json; allowlist ${shown(allowFile)}`,
);
console.log('| locale | translated | coverage | missing | untranslated | ICU errors | extra |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const report of reports) {
  const state = hasErrors(report, { allowMissing }) ? 'FAIL' : 'ok';
  const icu = report.syntaxErrors.length + report.placeholderMismatches.length;
  console.log(
    `| ${report.locale} ${state} | ${report.translated}/${report.total} | ${coveragePercent(report).toFixed(1)}% | ${report.missing.length} | ${report.untranslated.length} | ${icu} | ${report.extra.length} |`,
  );
}

for (const warning of warnings) console.warn(`i18n-check: warning: ${warning}`);
if (errors.length > 0) {
  console.error(`\ni18n-check: ${errors.length} error(s):`);
  for (const error of errors) console.error(`  - ${error}`);
  if (!allowMissing && reports.some((report) => report.missing.length > 0)) {
    console.error('i18n-check: --allow-missing reports missing keys without failing');
  }
  process.exit(1);
}
const missing = reports.reduce((sum, report) => sum + report.missing.length, 0);
console.log(
  `i18n-check: ok${missing > 0 ? ` (${missing} missing translations allowed by --allow-missing fall back to English)` : ''}`,
);
