import { describe, expect, it } from 'vitest';
import { headingId } from '@/server/content/markdown-headings';
import { parseMarkdownFile } from './front-matter';
import { prepareArticleHtml, readingMinutes, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings with unique ids and lists them as contents', () => {
    const article = renderMarkdown('# Top\n\n## Setup\n\ntext\n\n### Step *one*\n\n## Setup\n');
    expect(article.html).toContain('<h2 id="top">Top</h2>');
    expect(article.html).toContain('<h3 id="step-one">Step <em>one</em></h3>');
    expect(article.toc).toEqual([
      { id: 'top', text: 'Top', level: 2 },
      { id: 'setup', text: 'Setup', level: 2 },
      { id: 'step-one', text: 'Step one', level: 3 },
      { id: 'setup-2', text: 'Setup', level: 2 },
    ]);
  });

  it('keeps ids readable in other scripts', () => {
    expect(headingId('كيف تعمل')).toBe('كيف-تعمل');
    expect(headingId('Über Verschlüsselung!')).toBe('über-verschlüsselung');
    expect(headingId('???')).toBe('section');
  });

  it.each([
    ['<script>alert(1)</script>', /<script|alert/],
    ['<img src="x" onerror="alert(1)">', /onerror/],
    ['<a href="javascript:alert(1)">x</a>', /javascript:/],
    ['[x](javascript:alert(1))', /javascript:/],
    ['<iframe src="https://evil.example"></iframe>', /iframe|evil/],
    ['<p style="position:fixed" onclick="x()">hi</p>', /style|onclick/],
    ['<svg><script>alert(1)</script></svg>', /<svg|<script/],
    ['<img src="https://evil.example/pixel.gif"><img src="http://x.example/a.png">', /<img/],
    ['<form action="/x"><input name="a"></form>', /<form|<input/],
  ])('strips %s', (markdown, forbidden) => {
    expect(renderMarkdown(`Text.\n\n${markdown}\n`).html).not.toMatch(forbidden);
  });

  it('keeps ordinary Markdown: links, lists, quotes, code and emphasis', () => {
    const { html, text } = renderMarkdown(
      'A [link](https://example.org) and [page](/pricing).\n\n- one\n- two\n\n> quote\n\n`code` **bold**',
    );
    expect(html).toContain(
      '<a href="https://example.org" rel="noopener noreferrer" target="_blank">link</a>',
    );
    expect(html).toContain('<a href="/pricing">page</a>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code>code</code> <strong>bold</strong>');
    expect(text).toBe('A link and page. one two quote code bold');
    expect(renderMarkdown('![Diagram](/blog/images/tunnel.svg)').html).toContain(
      '<img src="/blog/images/tunnel.svg" alt="Diagram" loading="lazy" />',
    );
  });

  it('sanitises WordPress HTML the same way', () => {
    const { html, toc } = prepareArticleHtml(
      '<h2 class="x" id="evil">Hi &amp; bye</h2><p onmouseover="x">ok</p>',
    );
    expect(html).toBe('<h2 id="hi-bye">Hi &amp; bye</h2><p>ok</p>');
    expect(toc).toEqual([{ id: 'hi-bye', text: 'Hi & bye', level: 2 }]);
  });

  it('estimates reading time at about 220 words a minute, at least one', () => {
    expect(readingMinutes('word '.repeat(10))).toBe(1);
    expect(readingMinutes('word '.repeat(660))).toBe(3);
  });
});

describe('parseMarkdownFile', () => {
  const valid = `---
title: "How a VPN works"
slug: "how-a-vpn-works"
category: "privacy"
tags: ["encryption", "wi-fi"]
excerpt: "What happens."
author: "Team"
published: "2026-03-02"
coverAlt: "A tunnel"
---
Body`;

  it('reads the front matter and the body', () => {
    const { meta, body } = parseMarkdownFile(valid);
    expect(meta).toMatchObject({
      slug: 'how-a-vpn-works',
      category: 'privacy',
      tags: ['encryption', 'wi-fi'],
      published: '2026-03-02',
    });
    expect(body).toBe('Body');
  });

  it.each([
    ['category: "privacy"', 'category: "cooking"', /category/],
    ['slug: "how-a-vpn-works"', 'slug: "search"', /slug: is a reserved blog path/],
    ['slug: "how-a-vpn-works"', 'slug: "How A VPN"', /slug: must be lower-case kebab-case/],
    ['published: "2026-03-02"', 'published: "2026-13-45"', /published/],
    ['tags: ["encryption", "wi-fi"]', 'tags: ["Wi Fi"]', /tags\.0/],
    ['title: "How a VPN works"\n', '', /title/],
  ])('refuses %s → %s', (from, to, problem) => {
    expect(() => parseMarkdownFile(valid.replace(from, to))).toThrow(problem);
  });

  it('refuses a file without front matter', () => {
    expect(() => parseMarkdownFile('# Just text')).toThrow(/missing front matter/);
  });
});

describe('sanitizeStoredHtml', () => {
  it('keeps what the importer produced and strips anything added to the database later', async () => {
    const { sanitizeStoredHtml } = await import('./markdown');
    const stored = renderMarkdown('## Title\n\ntext [x](https://example.org)').html;
    expect(sanitizeStoredHtml(stored)).toBe(stored);
    expect(
      sanitizeStoredHtml(`${stored}<script>alert(1)</script><img src="/a.svg" onerror="alert(1)">`),
    ).toBe(`${stored}<img src="/a.svg" loading="lazy" />`);
  });
});
