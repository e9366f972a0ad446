import type { FAQPage, WithContext } from 'schema-dts';
import type { FaqEntry } from '@/server/content/load';
import { JsonLd } from '../seo/json-ld';

/** FAQPage structured data: every question with its answer (HTML is allowed in Answer.text). */
export function FaqJsonLd({ entries, lang }: { entries: FaqEntry[]; lang: string }) {
  const data: WithContext<FAQPage> = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: lang,
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answerHtml.trim() },
    })),
  };
  return <JsonLd data={data} />;
}
