import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { claimValues } from '@/lib/claim-values';
import { defaultLocale, directionOf, type Locale } from '@/lib/locales';
import { claims, contact, legalLastUpdated, refundPolicy } from '@/lib/site';
import { type ContentValues, interpolate, type RenderedMarkdown, renderMarkdown } from './markdown';
import { splitHeadingId } from './markdown-headings';

/** The folders of long copy under content/ (one sub-folder per locale, English complete). */
export type ContentArea = 'legal' | 'info' | 'features' | 'countries';

export interface LoadedContent extends RenderedMarkdown {
  /** The language the text is actually in: English while a translation is missing. */
  lang: Locale;
  dir: 'ltr' | 'rtl';
}

export interface FaqEntry {
  id: string;
  question: string;
  /** Trusted HTML rendered from our own Markdown (raw HTML in the source is escaped). */
  answerHtml: string;
}

const contentRoot = path.join(process.cwd(), 'content');

/** Values every content file may use: the claims of spec 1, contact addresses, the legal date. */
export function contentValues(locale: Locale): ContentValues {
  return {
    ...claimValues(locale),
    promotionDays: claims.promotionMoneyBackDays,
    supportEmail: contact.supportEmail,
    privacyEmail: contact.privacyEmail,
    pressEmail: contact.pressEmail,
    lastUpdated: legalLastUpdated,
    replyDays: refundPolicy.replyWorkingDays,
    refundDays: refundPolicy.processWorkingDays,
  };
}

function readSource(
  area: ContentArea,
  name: string,
  locale: Locale,
): { source: string; lang: Locale } {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Invalid content name ${name}`);
  for (const lang of locale === defaultLocale ? [locale] : [locale, defaultLocale]) {
    const file = path.join(contentRoot, area, lang, `${name}.md`);
    if (existsSync(file)) return { source: readFileSync(file, 'utf8'), lang };
  }
  throw new Error(`Missing content ${area}/${defaultLocale}/${name}.md`);
}

function read(area: ContentArea, name: string, locale: Locale) {
  const { source, lang } = readSource(area, name, locale);
  const rendered = renderMarkdown(source, { locale, values: contentValues(lang) });
  return { source, doc: { ...rendered, lang, dir: directionOf(lang) } };
}

/** A Markdown document of content/<area>/<locale>/<name>.md, falling back to English. */
export function loadContent(area: ContentArea, name: string, locale: Locale): LoadedContent {
  return read(area, name, locale).doc;
}

/** Questions opened by `marker` (`## ` or `### `), each `Question {#id}` over its Markdown answer. */
function faqEntries(source: string, marker: string, locale: Locale, values: ContentValues) {
  const blocks = source.split(new RegExp(`^${marker}`, 'm')).slice(1);
  return blocks.map((block): FaqEntry => {
    const newline = block.indexOf('\n');
    const headingLine = newline === -1 ? block : block.slice(0, newline);
    const { text: question, id } = splitHeadingId(headingLine);
    if (!question || !id) throw new Error(`FAQ question without an id: ${headingLine}`);
    const answer = newline === -1 ? '' : block.slice(newline + 1).trim();
    if (!answer) throw new Error(`FAQ question without an answer: ${headingLine}`);
    return {
      id,
      // Questions are plain text: values are filled in, nothing is parsed as Markdown.
      question: interpolate(question, values),
      answerHtml: renderMarkdown(answer, { locale, values }).html,
    };
  });
}

/**
 * The FAQ (content/info/<locale>/faq.md): every `## ` heading is a question, the Markdown
 * below it its answer. Ids (`{#id}`) are required so links and JSON-LD stay stable.
 */
export function loadFaq(locale: Locale): { entries: FaqEntry[]; lang: Locale; dir: 'ltr' | 'rtl' } {
  const { source, lang } = readSource('info', 'faq', locale);
  return {
    entries: faqEntries(source, '## ', locale, contentValues(lang)),
    lang,
    dir: directionOf(lang),
  };
}

export interface LoadedGuide extends LoadedContent {
  /** The questions of its closing `## … {#faq}` section, for FAQPage structured data. */
  faq: FaqEntry[];
}

/**
 * A feature's or country's guide (content/<area>/<locale>/<slug>.md): sections, then a closing
 * `## … {#faq}` section whose `### Question {#id}` headings are its questions.
 */
export function loadGuide(
  area: 'features' | 'countries',
  name: string,
  locale: Locale,
): LoadedGuide {
  const { source, doc } = read(area, name, locale);
  const start = /^## .*\{#faq\}\s*$/m.exec(source);
  if (!start) throw new Error(`content/${area}/${doc.lang}/${name}.md has no {#faq} section`);
  const faq = faqEntries(source.slice(start.index), '### ', locale, contentValues(doc.lang));
  return { ...doc, faq };
}
