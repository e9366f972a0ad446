import { Info } from 'lucide-react';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { Container } from '@/components/ui/container';
import { FeatureGrid } from '@/components/ui/feature-grid';
import type { FeatureSlug, UseCaseFamily } from '@/lib/catalog';
import type { Copy } from '../marketing/copy';
import { familyIcons, featureIcons, Icon } from '../marketing/icon-map';

/** The heading block of the use-case pages: breadcrumbs, the family icon, h1 and lede. */
export function UseCaseHeader({
  family,
  crumbs,
  breadcrumbLabel,
  title,
  lede,
}: {
  family: UseCaseFamily;
  crumbs: Crumb[];
  breadcrumbLabel: string;
  title: string;
  lede: string;
}) {
  return (
    <section className="bg-slate-50 py-10 sm:py-14">
      <Container>
        <Breadcrumbs label={breadcrumbLabel} items={crumbs} />
        <div className="mt-6 flex items-start gap-4">
          <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-accent-700 text-white sm:inline-flex">
            <Icon icon={familyIcons[family]} size={28} />
          </span>
          <div>
            <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{title}</h1>
            <p className="mt-4 max-w-[65ch] text-lg text-slate-600">{lede}</p>
          </div>
        </div>
      </Container>
    </section>
  );
}

/** The family's three benefits (UseCasePage.families.<family>.b1…b3). */
export function FamilyBenefits({ family, t }: { family: UseCaseFamily; t: Copy }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {[1, 2, 3].map((n) => (
        <li
          key={n}
          className="rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card)"
        >
          <h3 className="text-lg font-semibold">{t(`families.${family}.b${n}Title`)}</h3>
          <p className="mt-2 text-slate-600">{t(`families.${family}.b${n}`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** The honest-use note every use-case page carries. */
export function HonestNote({ t }: { t: Copy }) {
  return (
    <aside
      aria-labelledby="honest-title"
      className="flex gap-3 rounded-(--radius-card) border border-accent-100 bg-accent-50 p-5"
    >
      <Info size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-accent-700" />
      <div>
        <h2 id="honest-title" className="font-semibold">
          {t('honestTitle')}
        </h2>
        <p className="mt-1 text-slate-700">{t('honestBody')}</p>
      </div>
    </aside>
  );
}

/** Three features as linked cards. */
export function FeatureLinks({
  slugs,
  features,
}: {
  slugs: readonly FeatureSlug[];
  features: Copy;
}) {
  return (
    <FeatureGrid
      items={slugs.map((slug) => ({
        key: slug,
        icon: <Icon icon={featureIcons[slug]} />,
        title: features(`${slug}.name`),
        body: features(`${slug}.description`),
        href: `/features/${slug}`,
      }))}
    />
  );
}
