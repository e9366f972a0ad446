import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { Link } from '@/i18n/navigation';
import { onDarkButton } from './home-hero';

/** The closing call to action of a marketing page: download, or compare plans. */
export function CtaBand({
  title,
  lede,
  primary,
  secondary,
}: {
  title: string;
  lede: string;
  primary: { href: string; label: string };
  secondary: { href: string; label: string };
}) {
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
