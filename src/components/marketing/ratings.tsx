import { Star } from 'lucide-react';
import type { Locale } from '@/lib/locales';
import { offers } from '@/lib/site';
import type { Copy } from './copy';

/** The rating of spec 9 (4.8 of 5 from 30,961 ratings), from the site constants. */
export function Ratings({ t, locale }: { t: Copy; locale: Locale }) {
  const number = new Intl.NumberFormat(locale);
  const values = {
    rating: new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(offers.ratingValue),
    best: number.format(offers.bestRating),
    count: number.format(offers.ratingCount),
  };
  const full = Math.floor(offers.ratingValue);
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <div role="img" aria-label={t('ratings.stars', values)} className="flex gap-1">
        {Array.from({ length: offers.bestRating }, (_, index) => (
          <Star
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical stars
            key={index}
            size={32}
            aria-hidden="true"
            className={
              index < full ? 'fill-amber-400 text-amber-500' : 'fill-amber-100 text-amber-500'
            }
          />
        ))}
      </div>
      <p className="text-4xl font-bold tracking-tight" aria-hidden="true">
        {t('ratings.score', values)}
      </p>
      <p className="text-slate-600">{t('ratings.count', values)}</p>
    </div>
  );
}
