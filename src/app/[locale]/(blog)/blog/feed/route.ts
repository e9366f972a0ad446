import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/lib/locales';
import { atomFeed } from '@/server/blog/feed';
import { blogDb } from '@/server/blog/page-support';
import { config } from '@/server/config';

// GET /blog/feed (and /<locale>/blog/feed): the locale's Atom feed.
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : 'en';
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const xml = await atomFeed(blogDb(), locale, config().SITE_URL, {
    title: t('feedTitle'),
    subtitle: t('feedSubtitle'),
  });
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=900',
    },
  });
}
