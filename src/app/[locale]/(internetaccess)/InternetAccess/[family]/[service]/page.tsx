import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { loadUseCaseCopy } from '@/components/use-cases/load-copy';
import { UseCaseChild } from '@/components/use-cases/use-case-child';
import { includes, isUseCaseChild, useCaseFamilies, useCases } from '@/lib/catalog';
import { localeOf, metadataFor } from '@/server/seo/page-metadata';

export const dynamicParams = false;
export function generateStaticParams() {
  return useCaseFamilies.flatMap((family) =>
    useCases[family].map((service) => ({ family, service })),
  );
}

type Props = { params: Promise<{ locale: string; family: string; service: string }> };

// Only the children the spec lists are prerendered (dynamicParams = false), so an unlisted one
// is a 404 without reaching this guard, which narrows the type.
async function load(params: Props['params']) {
  const { family, service } = await params;
  const locale = await localeOf(params);
  if (!includes(useCaseFamilies, family) || !isUseCaseChild(family, service)) notFound();
  const copy = await loadUseCaseCopy(locale);
  // Each child has its own title and description (UseCasePage.children.<family>.<service>).
  const title = copy.page(`children.${family}.${service}.title`);
  const text = {
    title,
    heading: title,
    description: copy.page(`children.${family}.${service}.description`),
  };
  return { locale, family, service, copy, text };
}

export async function generateMetadata({ params }: Props) {
  const { locale, family, service, text } = await load(params);
  return metadataFor(locale, `/InternetAccess/${family}/${service}`, text);
}

export default async function UseCaseChildRoute({ params }: Props) {
  const { locale, family, service, copy } = await load(params);
  setRequestLocale(locale);
  return <UseCaseChild family={family} child={service} copy={copy} />;
}
