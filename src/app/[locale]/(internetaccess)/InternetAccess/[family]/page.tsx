import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { loadUseCaseCopy } from '@/components/use-cases/load-copy';
import { UseCaseFamilyPage } from '@/components/use-cases/use-case-family';
import { includes, useCaseFamilies } from '@/lib/catalog';
import { localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export const dynamicParams = false;
export function generateStaticParams() {
  return useCaseFamilies.map((family) => ({ family }));
}

type Props = { params: Promise<{ locale: string; family: string }> };

// Only the six families are prerendered (dynamicParams = false); the guard narrows the type.
async function load(params: Props['params']) {
  const { family } = await params;
  const locale = await localeOf(params);
  if (!includes(useCaseFamilies, family)) notFound();
  const copy = await loadUseCaseCopy(locale);
  const text = await pageText(
    locale,
    'useCaseFamily',
    { name: copy.names(`families.${family}.name`) },
    copy.names(`families.${family}.description`),
  );
  return { locale, family, copy, text };
}

export async function generateMetadata({ params }: Props) {
  const { locale, family, text } = await load(params);
  return metadataFor(locale, `/InternetAccess/${family}`, text);
}

export default async function UseCaseFamilyRoute({ params }: Props) {
  const { locale, family, copy, text } = await load(params);
  setRequestLocale(locale);
  return <UseCaseFamilyPage family={family} title={text.heading} copy={copy} />;
}
