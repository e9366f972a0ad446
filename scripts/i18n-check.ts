// `npm run i18n:check`: translation coverage of messages/<locale>.json against en.json.
// Fails (exit 1) when en.json is missing, a file is not valid JSON, a locale file is
// missing or has keys English lacks, or a translated message's ICU arguments or tags
// differ from English. Missing keys are only reported: they fall back to English per key.
// `--verbose` lists the missing keys; `--dir <folder>` checks another messages folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultLocale, locales } from '../src/lib/locales';
import {
  compareLocale,
  coveragePercent,
  flattenMessages,
  hasErrors,
  icuArguments,
  type LocaleReport,
} from './i18n-check-lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirArg = process.argv.indexOf('--dir');
const messagesDir = path.resolve(
  (dirArg > 0 ? process.argv[dirArg + 1] : undefined) ?? path.join(root, 'messages'),
);
const verbose = process.argv.includes('--verbose');
const errors: string[] = [];

function readTree(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    errors.push(
      `${path.relative(root, file)}: invalid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

function load(locale: string): Map<string, string> | undefined {
  const file = path.join(messagesDir, `${locale}.json`);
  if (!existsSync(file)) {
    errors.push(`${path.relative(root, file)} is missing`);
    return undefined;
  }
  const tree = readTree(file);
  if (tree === undefined) return undefined;
  const { entries, problems } = flattenMessages(tree);
  for (const problem of problems)
    errors.push(`${path.relative(root, path.join(messagesDir, `${locale}.json`))}: ${problem}`);
  return entries;
}

const english = load(defaultLocale);
if (!english) {
  for (const error of errors) console.error(`i18n-check: ${error}`);
  process.exit(1);
}
for (const [key, message] of english) {
  try {
    icuArguments(message);
  } catch (error) {
    errors.push(
      `${path.relative(root, path.join(messagesDir, 'en.json'))}: ${key}: invalid ICU message: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const known = new Set<string>(locales);
for (const file of readdirSync(messagesDir)) {
  if (file.endsWith('.json') && !known.has(file.slice(0, -5))) {
    console.warn(`i18n-check: warning: ${file} is not one of the site's locales`);
  }
}

const reports: LocaleReport[] = [];
for (const locale of locales) {
  if (locale === defaultLocale) continue;
  const translation = load(locale);
  if (!translation) continue;
  const report = compareLocale(locale, english, translation);
  reports.push(report);
  const where = path.relative(root, path.join(messagesDir, `${locale}.json`));
  for (const key of report.extra) errors.push(`${where}: key "${key}" does not exist in en.json`);
  for (const { key, error } of report.syntaxErrors) {
    errors.push(`${where}: ${key}: invalid ICU message: ${error}`);
  }
  for (const { key, english: want, translated: got } of report.placeholderMismatches) {
    errors.push(
      `${where}: ${key}: arguments ${JSON.stringify(got)} differ from English ${JSON.stringify(want)}`,
    );
  }
}

console.log(`i18n-check: ${english.size} keys in ${path.relative(root, messagesDir)}/en.json`);
console.log('| locale | translated | coverage | missing |');
console.log('|---|---:|---:|---:|');
for (const report of reports) {
  const flag = hasErrors(report) ? ' (errors)' : '';
  console.log(
    `| ${report.locale}${flag} | ${report.translated}/${report.total} | ${coveragePercent(report).toFixed(1)}% | ${report.missing.length} |`,
  );
  if (verbose && report.missing.length > 0) {
    console.log(`|   missing: ${report.missing.join(', ')} | | | |`);
  }
}

if (errors.length > 0) {
  console.error(`\ni18n-check: ${errors.length} error(s):`);
  for (const error of errors) console.error(`  - ${error}`);
  process.exit(1);
}
const missing = reports.reduce((sum, report) => sum + report.missing.length, 0);
console.log(
  `i18n-check: ok${missing > 0 ? ` (${missing} missing translations fall back to English; --verbose lists them)` : ''}`,
);
