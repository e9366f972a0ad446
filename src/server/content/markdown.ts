import { Marked, Renderer, type Tokens } from 'marked';
import { escapeHtml } from '@/lib/escape-html';
import { type Locale, localizePath } from '@/lib/locales';
import { headingIds, splitHeadingId, type TocEntry } from './markdown-headings';

export interface RenderedMarkdown {
  html: string;
  /** The level-2 headings, in order, for a table of contents. */
  toc: TocEntry[];
}

export type ContentValues = Record<string, string | number>;

/**
 * Replaces `{name}` with a value (claims, contact addresses, dates), so copy never hard-codes
 * a claim. An unknown name is an authoring error: it fails the build instead of shipping "{x}".
 */
export function interpolate(source: string, values: ContentValues): string {
  return source.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Content uses an unknown value {${name}}`);
    return String(value);
  });
}

/**
 * Our own Markdown (content/**) to HTML. Raw HTML in the source is escaped, not passed through,
 * and only http(s), mailto and site-relative links are kept; site paths get the locale prefix.
 */
export function renderMarkdown(
  source: string,
  options: { locale: Locale; values?: ContentValues },
): RenderedMarkdown {
  const toc: TocEntry[] = [];
  const idOf = headingIds('position');
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const last = tokens[tokens.length - 1];
        let explicit: string | undefined;
        if (last?.type === 'text') {
          const split = splitHeadingId(last.text);
          if (split.id) {
            explicit = split.id;
            tokens = [...tokens.slice(0, -1), { ...last, raw: split.text, text: split.text }];
          }
        }
        const inner = this.parser.parseInline(tokens);
        // Tags removed, white space kept as written (a French no-break space before "?"), where a
        // blog post's contents collapse it (htmlToText): the legal pages show this text.
        const text = inner.replace(/<[^>]+>/g, '');
        const id = idOf(text, explicit);
        if (depth === 2) toc.push({ id, text });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      link({ href, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (href.startsWith('/') && !href.startsWith('//')) {
          return `<a href="${escapeHtml(localizePath(options.locale, href))}">${inner}</a>`;
        }
        if (/^(https?:|mailto:)/i.test(href)) {
          const external = !href.toLowerCase().startsWith('mailto:');
          const rel = external ? ' rel="noopener noreferrer"' : '';
          return `<a href="${escapeHtml(href)}"${rel}>${inner}</a>`;
        }
        if (href.startsWith('#')) return `<a href="${escapeHtml(href)}">${inner}</a>`;
        return inner;
      },
      table(token: Tokens.Table) {
        // A wide table scrolls inside its own box instead of widening the page.
        const table = Renderer.prototype.table.call(this, token);
        return `<div class="overflow-x-auto">${table}</div>\n`;
      },
      image({ text }: Tokens.Image) {
        // Content has no images; alt text is kept as words rather than loading anything.
        return escapeHtml(text);
      },
    },
  });
  const html = marked.parse(interpolate(source, options.values ?? {})) as string;
  return { html, toc };
}
