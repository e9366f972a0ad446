import { Lightbulb } from 'lucide-react';
import { Container } from '@/components/ui/container';
import { Section } from '@/components/ui/section';
import { Steps } from '@/components/ui/steps';
import { Link } from '@/i18n/navigation';
import { type UseCaseFamily, useCases } from '@/lib/catalog';
import { featuresOf } from '@/lib/use-cases-content';
import type { Copy } from '../marketing/copy';
import { CtaBand } from '../marketing/cta-band';
import { FamilyBenefits, FeatureLinks, HonestNote, UseCaseHeader } from './use-case-parts';

export interface UseCaseCopy {
  /** UseCasePage namespace. */
  page: Copy;
  /** UseCases namespace: family and service names. */
  names: Copy;
  /** Features namespace. */
  features: Copy;
  /** Home namespace: the closing call to action. */
  home: Copy;
}

/**
 * The template of every child page (/InternetAccess/{family}/{service}): the child's own title,
 * description, introduction and tip, then its family's benefits, setup steps, the features the
 * child's entry in use-cases-content.ts highlights, and its siblings.
 */
export function UseCaseChild({
  family,
  child,
  copy,
}: {
  family: UseCaseFamily;
  child: string;
  copy: UseCaseCopy;
}) {
  const { page, names, features, home } = copy;
  const own = (key: string) => page(`children.${family}.${child}.${key}`);
  const service = names(`services.${child}`);
  const familyName = names(`families.${family}.name`);
  return (
    <>
      <UseCaseHeader
        family={family}
        breadcrumbLabel={page('breadcrumb')}
        crumbs={[
          { label: page('home'), href: '/' },
          { label: page('popularUses'), href: '/popular-uses' },
          { label: familyName, href: `/InternetAccess/${family}` },
          { label: service },
        ]}
        title={own('title')}
        lede={own('description')}
      />
      <Container className="grid gap-8 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <p className="max-w-[65ch] text-lg">{own('intro')}</p>
        <aside
          aria-label={service}
          className="flex gap-3 self-start rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card)"
        >
          <Lightbulb size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-warning-700" />
          <p>{own('tip')}</p>
        </aside>
      </Container>
      <Section id="helps" tone="tint" title={page('helpsTitle')}>
        <FamilyBenefits family={family} t={page} />
      </Section>
      <Section id="setup" title={page('setupTitle')}>
        <div className="max-w-[65ch] text-lg">
          <Steps items={[1, 2, 3].map((n) => page(`setup${n}`, { service }))} />
        </div>
        <div className="mt-8">
          <HonestNote t={page} />
        </div>
      </Section>
      <Section id="features" tone="tint" title={page('relatedTitle')}>
        <FeatureLinks slugs={featuresOf(family, child)} features={features} />
      </Section>
      <nav aria-labelledby="siblings-title" className="bg-white">
        <Container className="py-12">
          <h2 id="siblings-title" className="text-2xl font-bold tracking-tight">
            {page('moreTitle', { family: familyName })}
          </h2>
          <ul className="mt-5 flex flex-wrap gap-3">
            {(useCases[family] as readonly string[])
              .filter((other) => other !== child)
              .map((other) => (
                <li key={other}>
                  <Link
                    href={`/InternetAccess/${family}/${other}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 py-2 font-medium no-underline hover:border-accent-600"
                  >
                    {names(`services.${other}`)}
                  </Link>
                </li>
              ))}
          </ul>
        </Container>
      </nav>
      <CtaBand
        title={home('cta.title')}
        lede={home('cta.lede')}
        primary={{ href: '/download', label: page('download') }}
        secondary={{ href: '/pricing', label: page('pricing') }}
      />
    </>
  );
}
