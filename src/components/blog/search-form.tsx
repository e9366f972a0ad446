import { getTranslations } from 'next-intl/server';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/lib/locales';
import { SearchSuggest } from './search-suggest';

/** The blog search: a plain GET form (works without JavaScript) with typed suggestions. */
export async function SearchForm({
  locale,
  defaultValue = '',
}: {
  locale: Locale;
  defaultValue?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const action = getPathname({ href: '/blog/search', locale });
  return (
    <search>
      <form action={action} method="get" className="mt-6 flex max-w-xl flex-col gap-2 sm:flex-row">
        <label htmlFor="blog-search" className="sr-only">
          {t('searchLabel')}
        </label>
        <SearchSuggest
          id="blog-search"
          locale={locale}
          defaultValue={defaultValue}
          placeholder={t('searchPlaceholder')}
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-accent-700 px-5 font-semibold text-white hover:bg-accent-800"
        >
          {t('searchButton')}
        </button>
      </form>
    </search>
  );
}
