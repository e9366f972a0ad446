import { Badge } from '@/components/ui/badge';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { LinkButton } from '@/components/ui/link-button';
import { Section } from '@/components/ui/section';
import { Steps } from '@/components/ui/steps';
import type { FeatureSlug } from '@/lib/catalog';
import { featureContent } from '@/lib/features-content';
import type { LoadedGuide } from '@/server/content/load';
import type { Copy } from './copy';
import { Guide } from './guide';
import { featureIcons, Icon } from './icon-map';

/**
 * One feature page: what it does, how it works, what Free and Premium include, related
 * features, and the feature's long-form guide (content/features). `features` is the Features
 * namespace (the feature's own text), `page` FeaturesPage.
 */
export function FeatureDetail({
  slug,
  features,
  page,
  guide,
}: {
  slug: FeatureSlug;
  features: Copy;
  page: Copy;
  guide: LoadedGuide;
}) {
  const content = featureContent[slug];
  const name = features(`${slug}.name`);
  return (
    <>
      <section className="bg-slate-50 py-10 sm:py-14">
        <Container>
          <Breadcrumbs
            label={page('breadcrumb')}
            items={[
              { label: page('home'), href: '/' },
              { label: page('features'), href: '/features' },
              { label: name },
            ]}
          />
          <div className="mt-6 flex items-start gap-4">
            <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-accent-700 text-white sm:inline-flex">
              <Icon icon={featureIcons[slug]} size={28} />
            </span>
            <div>
              <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
                {name}
              </h1>
              <p className="mt-4 max-w-[65ch] text-lg text-slate-600">
                {features(`${slug}.description`)}
              </p>
              <div className="mt-4">
                <Badge tone={content.premiumOnly ? 'accent' : 'success'}>
                  {content.premiumOnly ? page('premiumOnly') : page('availableBoth')}
                </Badge>
              </div>
            </div>
          </div>
        </Container>
      </section>
      <Section id="what" title={page('whatTitle')}>
        <div className="max-w-[70ch] space-y-4 text-lg">
          <p>{features(`${slug}.what1`)}</p>
          <p>{features(`${slug}.what2`)}</p>
        </div>
      </Section>
      <Section id="how" tone="tint" title={page('howTitle')}>
        <div className="max-w-[70ch] text-lg">
          <Steps items={[1, 2, 3].map((n) => features(`${slug}.how${n}`))} />
        </div>
      </Section>
      <Section id="tiers" title={page('tiersTitle')}>
        <div className="grid gap-4 md:grid-cols-2">
          <Card as="article">
            <h3 className="text-lg font-semibold">{page('compare.free')}</h3>
            <p className="mt-2 text-slate-600">{features(`${slug}.free`)}</p>
          </Card>
          <Card as="article" className="border-accent-600! bg-accent-50!">
            <h3 className="text-lg font-semibold text-accent-700">{page('compare.premium')}</h3>
            <p className="mt-2 text-slate-700">{features(`${slug}.premium`)}</p>
          </Card>
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <LinkButton href="/download">{page('download')}</LinkButton>
          <LinkButton href="/pricing" variant="secondary">
            {page('pricing')}
          </LinkButton>
        </div>
      </Section>
      <Guide guide={guide} tone="tint" />
      <Section id="related" title={page('relatedTitle')}>
        <FeatureGrid
          items={content.related.map((other) => ({
            key: other,
            icon: <Icon icon={featureIcons[other]} />,
            title: features(`${other}.name`),
            body: features(`${other}.description`),
            href: `/features/${other}`,
          }))}
        />
      </Section>
    </>
  );
}
