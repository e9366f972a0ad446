import { Container } from '@/components/ui/container';
import type { ClaimValues } from '@/lib/claim-values';
import type { Copy } from './copy';

/** The claims of spec 1 as large figures, each value from the site constants. */
export function ClaimsBand({ t, claims }: { t: Copy; claims: ClaimValues }) {
  const items = [
    { key: 'servers', value: `${claims.servers}+`, label: t('claims.servers') },
    { key: 'locations', value: claims.locations, label: t('claims.locations') },
    { key: 'countries', value: `${claims.countries}+`, label: t('claims.countries') },
    { key: 'users', value: claims.users, label: t('claims.users') },
    { key: 'encryption', value: claims.encryption, label: t('claims.encryption') },
    { key: 'logs', value: t('claims.noLogsValue'), label: t('claims.noLogs') },
  ];
  return (
    <section aria-labelledby="claims-title" className="border-b border-slate-200 bg-white">
      <Container className="py-10">
        <h2 id="claims-title" className="sr-only">
          {t('claims.title')}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
          {items.map((item) => (
            <div key={item.key} className="flex flex-col">
              <dt className="order-2 text-sm text-slate-600">{item.label}</dt>
              <dd className="order-1 text-2xl font-bold tracking-tight text-navy-900">
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
