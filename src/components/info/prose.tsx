// Long-form text: a readable measure (≤ 70 characters), a calm heading rhythm and styled
// lists, tables and links, applied to HTML rendered from our own Markdown (content/**).
export const proseClass = [
  'max-w-[70ch] text-slate-700',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:leading-snug [&_h2]:text-navy-900 sm:[&_h2]:text-2xl',
  '[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-navy-900',
  '[&>*:first-child]:mt-0 [&_p]:mt-4 [&_ul]:mt-4 [&_ol]:mt-4 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_li]:mt-2 [&_li]:ps-1',
  '[&_strong]:font-semibold [&_strong]:text-navy-900',
  '[&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-accent-800',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-start [&_table]:text-sm sm:[&_table]:text-base',
  '[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-start [&_th]:font-semibold [&_th]:text-navy-900',
  '[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.9em] [&_code]:text-navy-900',
  '[&_blockquote]:mt-6 [&_blockquote]:border-s-4 [&_blockquote]:border-accent-700 [&_blockquote]:bg-accent-50 [&_blockquote]:px-4 [&_blockquote]:py-3',
].join(' ');

/** Renders trusted HTML (see src/server/content/markdown.ts: raw HTML is escaped there). */
export function Prose({
  html,
  lang,
  dir,
  className = '',
  size = 'lg',
}: {
  html: string;
  /** Long documents read at 18 px from the small breakpoint; short answers stay at 16 px. */
  size?: 'lg' | 'base';
  lang?: string;
  dir?: 'ltr' | 'rtl';
  className?: string;
}) {
  return (
    <div
      lang={lang}
      dir={dir}
      className={`${proseClass} ${size === 'lg' ? 'text-base leading-7 sm:text-lg sm:leading-8' : 'text-base leading-7'} ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered with raw HTML escaped and links limited to safe schemes.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
