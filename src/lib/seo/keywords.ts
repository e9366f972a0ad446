// A page's `<meta name="keywords">`, derived from its own title and heading in the page's
// language, so every locale gets keywords without translation work. Isomorphic and pure: the
// server passes the words that are too common in the locale's messages (its stop words).

/** At most this many terms, the brand's included. */
export const maxKeywords = 10;

/** Scripts written without spaces between words: Intl.Segmenter finds the words (dictionary). */
const unspacedScript =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Hiragana alone is grammar (particles, verb endings), never a keyword on its own. */
const hiraganaOnly = /^[\p{Script=Hiragana}ー]+$/u;
const hangul = /\p{Script=Hangul}/u;
/** PC, TV, IP, iOS-like capitals: an acronym keeps its meaning at two letters. */
const acronym = /^\p{Lu}[\p{Lu}\p{N}]+$/u;
const letter = /\p{L}/u;
/** Joins "kill-switch", "No-Logs-VPN", "Wi-Fi" back into one term. */
const hyphen = /^[-‐‑]$/u;
/** What separates words when Intl.Segmenter is not there. */
const fallbackSeparator = /[^\p{L}\p{M}\p{N}'’\-‐‑]+/u;

type Segment = { segment: string; isWordLike?: boolean };

const segmenters = new Map<string, Intl.Segmenter>();

function segmentsOf(text: string, locale: string): Segment[] {
  if (typeof Intl.Segmenter === 'function') {
    let segmenter = segmenters.get(locale);
    if (!segmenter) {
      segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
      segmenters.set(locale, segmenter);
    }
    return [...segmenter.segment(text)];
  }
  return text
    .split(fallbackSeparator)
    .map((word) => word.replace(/^[-‐‑]+|[-‐‑]+$/gu, ''))
    .filter(Boolean)
    .map((segment) => ({ segment, isWordLike: true }));
}

/** The words of a text in reading order, hyphenated compounds ("kill-switch", "Wi-Fi") kept whole. */
export function wordsOf(text: string, locale: string): string[] {
  const words: string[] = [];
  // A hyphen seen right after a word, waiting for the word that completes the compound.
  let hyphenAfter = '';
  let lastWasWord = false;
  for (const { segment, isWordLike } of segmentsOf(text.normalize('NFC'), locale)) {
    if (isWordLike) {
      const last = words.length - 1;
      if (hyphenAfter && last >= 0) words[last] += hyphenAfter + segment;
      else words.push(segment);
      lastWasWord = true;
      hyphenAfter = '';
    } else {
      hyphenAfter = lastWasWord && hyphen.test(segment) ? segment : '';
      lastWasWord = false;
    }
  }
  return words;
}

/** The comparison key of a term: case-insensitive in the page's language. */
export function keyOf(word: string, locale: string): string {
  return word.toLocaleLowerCase(locale);
}

/**
 * Whether a word can stand as a keyword, by script and length alone: at least two characters in
 * scripts without spaces (Han, kana, Thai…; hiragana-only words are grammar) and in Hangul, at
 * least three elsewhere (drops "a", "of", "de", "في", "के"), acronyms (PC, TV) whatever their length.
 */
export function isKeyword(word: string): boolean {
  if (!letter.test(word)) return false;
  const length = [...word].length;
  if (unspacedScript.test(word)) return length >= 2 && !hiraganaOnly.test(word);
  if (hangul.test(word)) return length >= 2;
  return length >= 3 || acronym.test(word);
}

/** Every message of a messages tree (a locale's JSON), in file order. */
export function messageStrings(tree: object): string[] {
  const strings: string[] = [];
  for (const value of Object.values(tree)) {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') strings.push(...messageStrings(value));
  }
  return strings;
}

/** A raw message without its ICU syntax: tags, arguments, plural and select cases. */
function plainText(message: string): string {
  return message
    .replace(/<\/?[\w-]+>/g, ' ')
    .replace(/\{\s*\w+\s*(,\s*(number|date|time)[^{}]*)?\}/g, ' ')
    .replace(/\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,/g, ' ')
    .replace(/(=\d+|\b(zero|one|two|few|many|other))(?=\s*\{)/g, ' ')
    .replace(/[{}#]/g, ' ');
}

/**
 * The words of a language that are too common to be keywords ("the", "und", "для", "的"): those in
 * at least `share` of the messages given (the locale's own texts). Found from data, so the same for
 * every language, with no list to translate.
 */
export function commonWords(
  messages: readonly string[],
  locale: string,
  share = 0.07,
): ReadonlySet<string> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    const seen = new Set(wordsOf(plainText(message), locale).map((word) => keyOf(word, locale)));
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const least = Math.max(2, share * messages.length);
  return new Set([...counts].filter(([, count]) => count >= least).map(([key]) => key));
}

export interface KeywordText {
  title: string;
  heading: string;
}

export interface KeywordOptions {
  locale: string;
  /** The site's name ("Turbo VPN"); it and "VPN" lead every list. */
  brand: string;
  /** Keys (keyOf) of words too common to be keywords, from commonWords. */
  common?: ReadonlySet<string>;
  max?: number;
}

/** A title of a few words names the page's subject ("Automatic kill switch"): a keyword itself. */
const maxPhraseWords = 4;
const edgePunctuation = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;
/** A title with a colon, a comma or a dash between its parts is a sentence, not a name. */
const innerPunctuation = /[^\p{L}\p{M}\p{N}\s'’\-‐‑]/u;

/**
 * The keywords of a page, ", "-separated: the brand and "VPN"; the title itself when it is a short
 * name without the brand (even a common word, French "Connexion"); then the words of the title
 * and of the heading that can stand alone (isKeyword) and are not common in the language.
 * Case-insensitively unique, at most `max`, each written as the page writes it.
 */
export function pageKeywords(text: KeywordText, options: KeywordOptions): string {
  const { locale, brand, common = new Set<string>(), max = maxKeywords } = options;
  const terms: string[] = [];
  const taken = new Set<string>();
  const add = (term: string) => {
    const key = keyOf(term, locale);
    if (terms.length >= max || taken.has(key)) return;
    terms.push(term);
    taken.add(key);
  };
  add(brand);
  add('VPN');
  // The brand's own words are in it already ("Turbo", "VPN").
  const brandWords = wordsOf(brand, locale).map((word) => keyOf(word, locale));
  for (const key of brandWords) taken.add(key);
  const titleWords = wordsOf(text.title, locale);
  const phrase = text.title.normalize('NFC').replace(edgePunctuation, '').replace(/\s+/g, ' ');
  const named = titleWords.some((word) => brandWords.includes(keyOf(word, locale)));
  const short = titleWords.length > 0 && titleWords.length <= maxPhraseWords;
  if (short && !named && letter.test(phrase) && !innerPunctuation.test(phrase)) add(phrase);
  for (const word of [...titleWords, ...wordsOf(text.heading, locale)]) {
    if (isKeyword(word) && !common.has(keyOf(word, locale))) add(word);
  }
  return terms.join(', ');
}
