import { createTranslator } from 'use-intl/core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '@/i18n/messages';
import { claimValues } from '@/lib/claim-values';
import { type Locale, locales } from '@/lib/locales';
import {
  commonWords,
  isKeyword,
  maxKeywords,
  messageStrings,
  pageKeywords,
  wordsOf,
} from './keywords';

const brand = 'Turbo VPN';
const terms = (keywords: string) => keywords.split(', ');

describe('wordsOf', () => {
  it('splits on the language’s word boundaries and keeps hyphenated compounds whole', () => {
    expect(wordsOf('Turbo VPN: schnelles, privates VPN für jedes Gerät', 'de')).toEqual([
      'Turbo',
      'VPN',
      'schnelles',
      'privates',
      'VPN',
      'für',
      'jedes',
      'Gerät',
    ]);
    expect(wordsOf('No-Logs-VPN über Wi‑Fi - sicher', 'de')).toEqual([
      'No-Logs-VPN',
      'über',
      'Wi‑Fi',
      'sicher',
    ]);
  });

  it('finds the words of Japanese, which has no spaces', () => {
    expect(wordsOf('料金プラン', 'ja')).toEqual(['料金', 'プラン']);
    expect(wordsOf('自動キルスイッチ', 'ja')).toEqual(['自動', 'キルスイッチ']);
  });

  describe('without Intl.Segmenter', () => {
    const segmenter = Intl.Segmenter;
    afterEach(() => {
      Object.defineProperty(Intl, 'Segmenter', { value: segmenter, configurable: true });
    });

    it('falls back to splitting on what is not a letter, a digit or a hyphen', () => {
      Object.defineProperty(Intl, 'Segmenter', { value: undefined, configurable: true });
      expect(wordsOf('Kill switch: No-Logs-VPN, IP-Adresse -', 'de')).toEqual([
        'Kill',
        'switch',
        'No-Logs-VPN',
        'IP-Adresse',
      ]);
      expect(
        pageKeywords({ title: 'Pricing and plans', heading: '' }, { locale: 'en', brand }),
      ).toBe('Turbo VPN, VPN, Pricing and plans, Pricing, and, plans');
    });
  });
});

describe('isKeyword', () => {
  it('drops words shorter than three characters in scripts written with spaces', () => {
    for (const word of ['a', 'of', 'de', 'в', 'في', 'من', 'के', '12', '2024']) {
      expect(isKeyword(word), word).toBe(false);
    }
    for (const word of ['VPN', 'plan', 'Gerät', 'سريع', 'निजी', 'для']) {
      expect(isKeyword(word), word).toBe(true);
    }
  });

  it('keeps acronyms of two capitals', () => {
    expect(isKeyword('PC')).toBe(true);
    expect(isKeyword('TV')).toBe(true);
    expect(isKeyword('IP')).toBe(true);
    expect(isKeyword('Tv')).toBe(false);
  });

  it('keeps CJK and Hangul words of two characters, but not hiragana-only grammar', () => {
    expect(isKeyword('料金')).toBe(true);
    expect(isKeyword('プラン')).toBe(true);
    expect(isKeyword('隱私')).toBe(true);
    expect(isKeyword('가격')).toBe(true);
    expect(isKeyword('的')).toBe(false);
    expect(isKeyword('の')).toBe(false);
    expect(isKeyword('すべて')).toBe(false);
  });
});

describe('commonWords', () => {
  it('finds the words in a large share of the messages, ignoring ICU syntax', () => {
    const messages = [
      'The plan for you',
      'The server is fast',
      'Choose the {count, plural, one {# plan} other {# plans}}',
      'Open <link>the app</link> on {device}',
      'Your privacy',
      'Your device',
    ];
    const common = commonWords(messages, 'en', 0.3);
    expect([...common].sort()).toEqual(['plan', 'the', 'your']);
  });

  it('needs a word in two messages at least', () => {
    expect(commonWords(['one word'], 'en', 0.01).size).toBe(0);
  });
});

describe('pageKeywords', () => {
  it('English: the brand, the short title as a phrase, then its words and the heading’s', () => {
    const common = new Set(['and', 'your']);
    expect(
      pageKeywords(
        { title: 'Pricing and plans', heading: 'Choose your plan' },
        { locale: 'en', brand, common },
      ),
    ).toBe('Turbo VPN, VPN, Pricing and plans, Pricing, plans, Choose, plan');
    expect(
      pageKeywords(
        { title: 'Automatic kill switch', heading: 'Automatic kill switch' },
        { locale: 'en', brand },
      ),
    ).toBe('Turbo VPN, VPN, Automatic kill switch, Automatic, kill, switch');
  });

  it('English: no phrase for a title that names the brand or is a sentence', () => {
    expect(
      pageKeywords(
        {
          title: 'Turbo VPN: fast, private VPN for every device',
          heading: 'A fast, private VPN for every device',
        },
        { locale: 'en', brand, common: new Set(['for']) },
      ),
    ).toBe('Turbo VPN, VPN, fast, private, every, device');
    expect(pageKeywords({ title: 'What is my IP?', heading: '' }, { locale: 'en', brand })).toBe(
      'Turbo VPN, VPN, What is my IP, What, IP',
    );
  });

  it('Arabic: words of three letters and more, the title as written', () => {
    expect(
      pageKeywords(
        {
          title: 'Turbo VPN: VPN سريع وخاص لكل الأجهزة',
          heading: 'VPN سريع وخاص في كل الأجهزة',
        },
        { locale: 'ar', brand },
      ),
    ).toBe('Turbo VPN, VPN, سريع, وخاص, لكل, الأجهزة');
    expect(
      pageKeywords(
        { title: 'مفتاح الإيقاف التلقائي', heading: 'مفتاح الإيقاف التلقائي' },
        { locale: 'ar', brand },
      ),
    ).toBe('Turbo VPN, VPN, مفتاح الإيقاف التلقائي, مفتاح, الإيقاف, التلقائي');
  });

  it('Japanese: dictionary segments, particles and hiragana-only words dropped', () => {
    expect(
      pageKeywords(
        {
          title: 'Turbo VPN：すべてのデバイスに、高速でプライベートなVPN',
          heading: 'すべてのデバイスに、高速でプライベートなVPN',
        },
        { locale: 'ja', brand },
      ),
    ).toBe('Turbo VPN, VPN, デバイス, 高速, プライベート');
    expect(
      pageKeywords({ title: '料金プラン', heading: 'プランを選択' }, { locale: 'ja', brand }),
    ).toBe('Turbo VPN, VPN, 料金プラン, 料金, プラン, 選択');
  });

  it('German: nouns keep their capitals, duplicates go case-insensitively', () => {
    const common = new Set(['und', 'sie', 'ihr']);
    expect(
      pageKeywords(
        { title: 'Preise und Abos', heading: 'Wählen Sie Ihr ABO' },
        { locale: 'de', brand, common },
      ),
    ).toBe('Turbo VPN, VPN, Preise und Abos, Preise, Abos, Wählen, ABO');
    expect(
      pageKeywords(
        { title: 'Wie lautet meine IP-Adresse?', heading: 'Ihre IP-Adresse und Ihr Standort' },
        { locale: 'de', brand, common },
      ),
    ).toBe(
      'Turbo VPN, VPN, Wie lautet meine IP-Adresse, Wie, lautet, meine, IP-Adresse, Ihre, Standort',
    );
  });

  it(`keeps at most ${maxKeywords} terms, the brand first`, () => {
    const keywords = pageKeywords(
      {
        title: 'Streaming, gaming, torrenting, browsing, banking, shopping, travelling',
        heading: 'Working, studying, messaging, calling, dating',
      },
      { locale: 'en', brand },
    );
    expect(terms(keywords)).toHaveLength(maxKeywords);
    expect(keywords.startsWith('Turbo VPN, VPN, Streaming, gaming,')).toBe(true);
  });
});

/** A page's title and heading as pageText formats them (src/server/seo/page-metadata.ts). */
async function textOf(locale: Locale, key: 'home' | 'pricing' | 'feature') {
  const messages = await loadMessages(locale);
  const pages = createTranslator({ locale, messages, namespace: 'Pages' });
  const features = createTranslator({ locale, messages, namespace: 'Features' });
  const values = {
    ...claimValues(locale),
    name: features('automatic-kill-switch.name', claimValues(locale)),
  };
  return { title: pages(`${key}.title`, values), heading: pages(`${key}.heading`, values) };
}

describe('keywords of the site’s pages in every locale', () => {
  it.each(locales)('%s: /, /pricing and a feature page have their own keywords', async (locale) => {
    const seen = new Set<string>();
    const common = commonWords(messageStrings(await loadMessages(locale)), locale);
    for (const key of ['home', 'pricing', 'feature'] as const) {
      const text = await textOf(locale, key);
      const keywords = pageKeywords(text, { locale, brand, common });
      const list = terms(keywords);
      expect(list.slice(0, 2)).toEqual(['Turbo VPN', 'VPN']);
      expect(list.length, keywords).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(maxKeywords);
      expect(new Set(list.map((term) => term.toLocaleLowerCase(locale))).size).toBe(list.length);
      for (const term of list) expect(term.trim(), keywords).toBe(term);
      seen.add(keywords);
    }
    expect(seen.size).toBe(3);
  });

  it('finds each language’s stop words in its messages', async () => {
    const stops: Partial<Record<Locale, string[]>> = {
      en: ['the', 'and', 'for', 'your'],
      de: ['und', 'für', 'sie'],
      fr: ['de', 'et', 'pour'],
      ru: ['и', 'для'],
      ja: ['の', 'を'],
      'zh-Hant': ['的'],
    };
    for (const [locale, words] of Object.entries(stops) as [Locale, string[]][]) {
      const common = commonWords(messageStrings(await loadMessages(locale)), locale);
      for (const word of words) expect(common.has(word), `${locale}: ${word}`).toBe(true);
      expect(common.has('premium'), locale).toBe(false);
    }
  });
});
