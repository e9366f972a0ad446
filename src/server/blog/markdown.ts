import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { headingIds } from '@/server/content/markdown-headings';
import type { BlogTocEntry } from '@/server/db/schema/blog';

// Article HTML on the way in: Markdown (or WordPress HTML) → sanitised HTML with heading ids,
// its table of contents, its plain text (for search headlines) and its reading time. Stored
// HTML has passed through here, so pages can render it as it is.

const articleSanitizer: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'del',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images only from our own origin (DESIGN.md: no remote images; the CSP would block them).
  allowedSchemesByTag: { img: [] },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  allowProtocolRelative: false,
  // Script and style contents are dropped with their elements, never kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object'],
  transformTags: {
    // The page's title is its only h1.
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (/^https?:\/\//i.test(href)) {
        return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } };
      }
      const { target: _target, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

// Stored HTML carries the heading ids given on import; rendering keeps them and nothing more.
const storedSanitizer: sanitizeHtml.IOptions = {
  ...articleSanitizer,
  allowedAttributes: { ...articleSanitizer.allowedAttributes, h2: ['id'], h3: ['id'] },
};

/** Sanitises stored article HTML again at render time (defence in depth), keeping heading ids. */
export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, storedSanitizer);
}

/** Sanitises article HTML: no scripts, event handlers, styles, frames or javascript: links. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articleSanitizer);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** Text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  const spaced = html.replace(
    /<\/(p|li|h[1-6]|blockquote|pre|tr|td|th|figcaption)>|<br\s*\/?>/gi,
    '$& ',
  );
  const stripped = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|#39);/gi, (match, name: string) => {
      const known = entities[name.toLowerCase()];
      if (known) return known;
      if (name[1] === 'x' || name[1] === 'X')
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Gives every h2/h3 a unique id and lists them as the table of contents. */
function addHeadingIds(html: string): { html: string; toc: BlogTocEntry[] } {
  const toc: BlogTocEntry[] = [];
  const idOf = headingIds('slug');
  const withIds = html.replace(
    /<h([23])>([\s\S]*?)<\/h\1>/g,
    (_match, level: string, inner: string) => {
      const text = htmlToText(inner);
      const id = idOf(text);
      toc.push({ id, text, level: level === '2' ? 2 : 3 });
      return `<h${level} id="${escapeAttribute(id)}">${inner}</h${level}>`;
    },
  );
  return { html: withIds, toc };
}

/** Minutes at about 220 words a minute; scripts without spaces count two characters a word. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  const cjk = (
    text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? []
  ).length;
  return Math.max(1, Math.round((words + cjk / 2) / 220));
}

export interface PreparedArticle {
  html: string;
  text: string;
  toc: BlogTocEntry[];
  readingMinutes: number;
}

/** Sanitises HTML from any source and derives what the blog stores beside it. */
export function prepareArticleHtml(rawHtml: string): PreparedArticle {
  const { html, toc } = addHeadingIds(sanitizeArticleHtml(rawHtml));
  const text = htmlToText(html);
  return { html, text, toc, readingMinutes: readingMinutes(text) };
}

// GitHub-flavoured Markdown; raw HTML inside it passes to the sanitiser like any other input.
const marked = new Marked({ gfm: true, breaks: false, async: false });

export function renderMarkdown(markdown: string): PreparedArticle {
  return prepareArticleHtml(marked.parse(markdown, { async: false }));
}
