import { describe, expect, it } from 'vitest';
import { layerOf, mayImport, maySql, specifiersOf, targetOf, violationsOf } from './layer-check';

describe('the layer check', () => {
  it('knows each file’s layer and where an import leads', () => {
    expect(layerOf('app/[locale]/page.tsx')).toBe('app');
    expect(layerOf('proxy.ts')).toBe('app');
    expect(layerOf('server/payments/checkout.ts')).toBe('server');
    expect(targetOf('server/payments/checkout.ts', '../db/client')).toBe('server/db/client');
    expect(targetOf('server/payments/checkout.ts', '@/lib/plans/types')).toBe('lib/plans/types');
    expect(targetOf('server/payments/checkout.ts', 'zod')).toBeUndefined();
  });

  it('lets imports run one way only', () => {
    expect(mayImport('app/page.tsx', 'components/ui/card')).toBe(true);
    expect(mayImport('components/ui/card.tsx', 'server/content/downloads')).toBe(true);
    expect(mayImport('server/blog/seo-head.ts', 'i18n/messages')).toBe(true);
    expect(mayImport('i18n/navigation.ts', 'client/connection')).toBe(true);
    expect(mayImport('server/blog/seo-head.ts', 'components/seo/json-ld')).toBe(false);
    expect(mayImport('server/attribution.ts', 'client/attribution')).toBe(false);
    expect(mayImport('server/blog/x.ts', 'i18n/navigation')).toBe(false);
    expect(mayImport('client/payments/types.ts', 'server/payments/refunds')).toBe(false);
    expect(mayImport('lib/site.ts', 'i18n/messages')).toBe(false);
    expect(mayImport('components/x.tsx', 'app/layout')).toBe(false);
  });

  it('reads every kind of import and re-export, type-only ones included', () => {
    const source = [
      "import 'server-only';",
      "import type { Db } from '@/server/db/client';",
      "import {\n  a,\n  b,\n} from './queries';",
      "export { Link } from '@/i18n/link';",
      "const lazy = await import('@/lib/lazy');",
    ].join('\n');
    expect(specifiersOf(source)).toEqual([
      'server-only',
      '@/server/db/client',
      './queries',
      '@/i18n/link',
      '@/lib/lazy',
    ]);
  });

  it('keeps SQL in query modules', () => {
    expect(maySql('server/session/queries.ts')).toBe(true);
    expect(maySql('server/payments/queries/orders.ts')).toBe(true);
    expect(maySql('server/db/client.ts')).toBe(true);
    expect(maySql('server/payments/checkout.ts')).toBe(false);
    expect(
      violationsOf('server/payments/checkout.ts', "import { eq } from 'drizzle-orm';"),
    ).toEqual(['src/server/payments/checkout.ts: imports drizzle-orm outside a query module']);
    expect(
      violationsOf('server/x/service.ts', 'await tx\n  .update(orders)\n  .set({ paid: true });'),
    ).toEqual([
      'src/server/x/service.ts: runs SQL outside a query module (move it to a queries module)',
    ]);
    expect(
      violationsOf('server/x/service.ts', 'await db.transaction(async (tx) => run(tx));'),
    ).toEqual([]);
  });
});
