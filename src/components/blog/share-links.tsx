import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';

/** Plain share links (no third-party scripts): each opens the network's own share page. */
export async function ShareLinks({
  url,
  title,
  locale,
}: {
  url: string;
  title: string;
  locale: Locale;
}) {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const networks = [
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'Reddit', href: `https://www.reddit.com/submit?url=${u}&title=${text}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${u}` },
  ];
  const linkClass =
    'inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-medium no-underline hover:border-accent-700';
  return (
    <section aria-labelledby="share-heading" className="mt-10">
      <h2 id="share-heading" className="text-lg font-bold">
        {t('share')}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {networks.map((network) => (
          <li key={network.name}>
            <a
              href={network.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('shareOn', { network: network.name })}
              className={linkClass}
            >
              {network.name}
            </a>
          </li>
        ))}
        <li>
          <a href={`mailto:?subject=${text}&body=${u}`} className={linkClass}>
            {t('shareByEmail')}
          </a>
        </li>
      </ul>
    </section>
  );
}
