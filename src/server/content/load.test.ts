import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claims, contact, legalLastUpdated } from '@/lib/site';
import { loadContent, loadFaq } from './load';

const legalDocs = ['policy', 'terms-of-service', 'cookie-policy', 'money-back-guarantee'];
const infoDocs = [
  'what-is-vpn',
  'vpn-benefits',
  'free-vpn',
  'wfh',
  'wfh-pc',
  'tsbox',
  'aboutus',
  'press-room',
  'what-is-my-ip',
];

describe('content files', () => {
  it.each(legalDocs)('legal/%s renders with a table of contents and no unfilled values', (name) => {
    const doc = loadContent('legal', name, 'en');
    expect(doc.toc.length).toBeGreaterThan(2);
    expect(doc.html).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it.each(infoDocs)('info/%s renders', (name) => {
    const doc = loadContent('info', name, 'en');
    expect(doc.html.length).toBeGreaterThan(500);
    expect(doc.html).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it('falls back to English for a locale without a translation, and says so', () => {
    // Every shipped document is translated, so the test brings an English-only one of its own.
    const name = `fallback-test-${process.pid}`;
    const file = path.join(process.cwd(), 'content', 'info', 'en', `${name}.md`);
    writeFileSync(file, '## Only in English {#only}\n\nSee the [cookie policy](/cookie-policy).\n');
    try {
      const doc = loadContent('info', name, 'ar');
      expect(doc.lang).toBe('en');
      expect(doc.dir).toBe('ltr');
      expect(doc.html).toContain('href="/ar/cookie-policy"');
    } finally {
      rmSync(file);
    }
  });

  it('uses the claims and contacts of src/lib/site.ts', () => {
    const policy = loadContent('legal', 'policy', 'en').html;
    expect(policy).toContain(contact.privacyEmail);
    const refund = loadContent('legal', 'money-back-guarantee', 'en').html;
    expect(refund).toContain(`${claims.moneyBackDays} days`);
    expect(legalLastUpdated).toBe('2026-11-27');
  });

  it('states every item of the no-logs promise', () => {
    const policy = loadContent('legal', 'policy', 'en').html.toLowerCase();
    for (const item of [
      'browsing history',
      'traffic content',
      'dns queries',
      'originating ip',
      'connection timestamps',
    ]) {
      expect(policy).toContain(item);
    }
  });
});

describe('loadFaq', () => {
  it('has 19 questions with unique ids and HTML answers', () => {
    const { entries } = loadFaq('en');
    expect(entries).toHaveLength(19);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(19);
    for (const entry of entries) {
      expect(entry.question).not.toMatch(/[{}]/);
      expect(entry.answerHtml).toMatch(/^<(p|ul|ol)>/);
    }
  });
});
