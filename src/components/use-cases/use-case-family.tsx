import { Container } from '@/components/ui/container';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { Section } from '@/components/ui/section';
import { type UseCaseFamily, useCases } from '@/lib/catalog';
import { useCaseContent } from '@/lib/use-cases-content';
import { CtaBand } from '../marketing/cta-band';
import { familyIcons, Icon } from '../marketing/icon-map';
import type { UseCaseCopy } from './use-case-child';
import { FamilyBenefits, FeatureLinks, HonestNote, UseCaseHeader } from './use-case-parts';

/** A family page (/InternetAccess/{family}): introduction, benefits, the service guides. */
export function UseCaseFamilyPage({
  family,
  title,
  copy,
}: {
  family: UseCaseFamily;
  title: string;
  copy: UseCaseCopy;
}) {
  const { page, names, features, home } = copy;
  return (
    <>
      <UseCaseHeader
        family={family}
        breadcrumbLabel={page('breadcrumb')}
        crumbs={[
          { label: page('home'), href: '/' },
          { label: page('popularUses'), href: '/popular-uses' },
          { label: names(`families.${family}.name`) },
        ]}
        title={title}
        lede={names(`families.${family}.description`)}
      />
      <Container className="py-12 sm:py-14">
        <p className="max-w-[65ch] text-lg">{page(`families.${family}.intro`)}</p>
      </Container>
      <Section id="helps" tone="tint" title={page('helpsTitle')}>
        <FamilyBenefits family={family} t={page} />
      </Section>
      <Section id="services" title={page('servicesTitle')}>
        <FeatureGrid
          columns={3}
          items={(useCases[family] as readonly string[]).map((child) => ({
            key: child,
            icon: <Icon icon={familyIcons[family]} />,
            title: names(`services.${child}`),
            body: page(`children.${family}.${child}.description`),
            href: `/InternetAccess/${family}/${child}`,
          }))}
        />
        <div className="mt-8">
          <HonestNote t={page} />
        </div>
      </Section>
      <Section id="features" tone="tint" title={page('relatedTitle')}>
        <FeatureLinks slugs={useCaseContent[family].features} features={features} />
      </Section>
      <CtaBand
        title={home('cta.title')}
        lede={home('cta.lede')}
        primary={{ href: '/download', label: page('download') }}
        secondary={{ href: '/pricing', label: page('pricing') }}
      />
    </>
  );
}
