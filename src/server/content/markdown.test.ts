import { describe, expect, it } from 'vitest';
import { interpolate, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('gives headings stable ids and lists level-2 headings for the table of contents', () => {
    const { html, toc } = renderMarkdown('## First {#first}\n\nText\n\n### Sub\n\n## Second\n', {
      locale: 'en',
    });
    expect(html).toContain('<h2 id="first">First</h2>');
    expect(toc).toEqual([
      { id: 'first', text: 'First' },
      { id: 'section-3', text: 'Second' },
    ]);
  });

  it('escapes raw HTML instead of passing it through', () => {
    const { html } = renderMarkdown('Hi <script>alert(1)</script>\n\n<div onclick="x">b</div>\n', {
      locale: 'en',
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<div onclick');
    expect(html).toContain('&lt;script&gt;');
  });

  it('localizes site links and drops unsafe link schemes', () => {
    const { html } = renderMarkdown(
      '[a](/contact-us) [b](javascript:alert(1)) [c](https://example.com) [d](mailto:x@y.z)',
      { locale: 'ar' },
    );
    expect(html).toContain('<a href="/ar/contact-us">a</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">c</a>');
    expect(html).toContain('<a href="mailto:x@y.z">d</a>');
  });

  it('wraps tables so they scroll inside their own box on small screens', () => {
    const { html } = renderMarkdown('| a | b |\n| --- | --- |\n| 1 | 2 |\n', { locale: 'en' });
    expect(html).toMatch(/^<div class="overflow-x-auto"><table>/);
  });

  it('rejects duplicate heading ids', () => {
    expect(() => renderMarkdown('## A {#x}\n\n## B {#x}\n', { locale: 'en' })).toThrow(/#x/);
  });
});

describe('interpolate', () => {
  it('fills known values and fails on unknown ones', () => {
    expect(interpolate('{servers}+ servers', { servers: '21,000' })).toBe('21,000+ servers');
    expect(() => interpolate('{nope}', {})).toThrow(/\{nope\}/);
  });
});
