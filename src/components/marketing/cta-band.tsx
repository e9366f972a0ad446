import { Container } from '@/components/ui/container';
import { LinkButton, onDarkButton } from '@/components/ui/link-button';
import { Link } from '@/i18n/navigation';

interface CtaLink {
  href: string;
  label: string;
}

/**
 * The closing call to action of a page: a navy band with a heading, a line of text and two links
 * (download, then plans). `split` puts the links beside the text on wide screens (marketing
 * pages); `stacked` keeps them below a narrower text column (the pages of long copy).
 */
export function CtaBand({
  title,
  lede,
  primary,
  secondary,
  layout = 'split',
}: {
  title: string;
  lede: string;
  primary: CtaLink;
  secondary: CtaLink;
  layout?: 'split' | 'stacked';
}) {
  if (layout === 'stacked') {
    return (
      <section aria-labelledby="cta-title" className="bg-navy-900 py-14 text-white sm:py-16">
        <Container>
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            {title}
          </h2>
          <p className="mt-3 max-w-[60ch] text-lg text-slate-300">{lede}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <LinkButton href={primary.href}>{primary.label}</LinkButton>
            <LinkButton
              href={secondary.href}
              variant="secondary"
              className="border-white text-white hover:bg-navy-800"
            >
              {secondary.label}
            </LinkButton>
          </div>
        </Container>
      </section>
    );
  }
  return (
    <section aria-labelledby="cta-title" className="bg-navy-900 text-white">
      <Container className="flex flex-col items-start gap-6 py-12 sm:py-14 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 text-lg text-slate-300">{lede}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <LinkButton href={primary.href}>{primary.label}</LinkButton>
          <Link href={secondary.href} className={onDarkButton}>
            {secondary.label}
          </Link>
        </div>
      </Container>
    </section>
  );
}
