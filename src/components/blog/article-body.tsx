import { sanitizeStoredHtml } from '@/server/blog/markdown';

// The post's body: HTML that was sanitised when it was imported (src/server/blog/markdown.ts)
// and is sanitised again here (same allow-list, keeps heading ids), so even a row written to
// the database by other means cannot put script on a page. Styled here: no typography plugin.
const prose = [
  'max-w-[70ch] text-lg leading-relaxed text-navy-900',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:scroll-mt-6',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:scroll-mt-6',
  '[&_h4]:mt-6 [&_h4]:font-semibold',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1',
  '[&_a]:text-accent-700 [&_a]:underline',
  '[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-accent-700 [&_blockquote]:ps-4 [&_blockquote]:text-slate-700',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-base',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-(--radius-card) [&_pre]:bg-slate-100 [&_pre]:p-4',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full',
  '[&_table]:my-6 [&_table]:block [&_table]:overflow-x-auto [&_th]:border [&_th]:border-slate-200 [&_th]:p-2 [&_th]:text-start [&_td]:border [&_td]:border-slate-200 [&_td]:p-2',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
].join(' ');

export function ArticleBody({ html }: { html: string }) {
  return (
    <div
      className={prose}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the way in and again right here (sanitize-html allow-list)
      dangerouslySetInnerHTML={{ __html: sanitizeStoredHtml(html) }}
    />
  );
}
