import type { LoadedGuide } from '@/server/content/load';
import { FaqJsonLd } from '../info/faq-json-ld';
import { Prose } from '../info/prose';
import { Container } from '../ui/container';

/**
 * A feature's or country's long-form guide (content/features, content/countries): its own
 * sections and closing FAQ as one readable text, and the FAQ as FAQPage structured data.
 */
export function Guide({ guide, tone = 'white' }: { guide: LoadedGuide; tone?: 'white' | 'tint' }) {
  return (
    <div className={`py-12 sm:py-16 ${tone === 'tint' ? 'bg-slate-50' : 'bg-white'}`} data-guide>
      <Container>
        <Prose html={guide.html} lang={guide.lang} dir={guide.dir} />
      </Container>
      <FaqJsonLd entries={guide.faq} lang={guide.lang} />
    </div>
  );
}
