import type { FaqEntry } from '@/server/content/load';
import { Accordion } from '../ui/accordion';
import { Prose } from './prose';

/** The FAQ as an accordion; answers are HTML from our own Markdown (content/info). */
export function FaqList({
  entries,
  lang,
  dir,
}: {
  entries: FaqEntry[];
  lang: string;
  dir: 'ltr' | 'rtl';
}) {
  return (
    <Accordion
      lang={lang}
      dir={dir}
      items={entries.map((entry) => ({
        id: entry.id,
        title: entry.question,
        content: <Prose html={entry.answerHtml} size="base" />,
      }))}
    />
  );
}
