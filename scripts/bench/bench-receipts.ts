// `npm run bench:receipts`: how long a receipt PDF takes to make, and its size, in each of the
// 18 languages. "first" is a process's first receipt in that language (its fonts unpacked from
// WOFF2 then); "warm" the median of the next runs. Fonts are shared between languages of one
// script, so the first Latin language pays for the rest.
//   npm run bench:receipts -- [--runs 20]
import { parseArgs } from 'node:util';
import { locales } from '../../src/lib/locales';
import { renderReceipt } from '../../src/server/receipts/render';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);

const receipt = (locale: (typeof locales)[number]) => ({
  kind: 'receipt' as const,
  number: 'R-000123',
  issuedAt: new Date('2026-11-27T10:00:00Z'),
  seller: { name: 'Turbo VPN', address: ['Example Street 1', '10115 Berlin', 'Germany'] },
  buyerEmail: 'buyer@example.com',
  item: 'Turbo VPN Premium: 12 months +3 months free',
  period: { start: new Date('2026-11-27T10:00:00Z'), end: new Date('2028-02-27T10:00:00Z') },
  amount: '69.99',
  currency: 'USD',
  method: 'PayPal',
  transactionId: '8MC585209K746392H',
  contactEmail: 'support@turbovpn.com',
  locale,
});

const median = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

console.log('| locale | first (ms) | warm median (ms) | size (KB) |');
console.log('| --- | --- | --- | --- |');
for (const locale of locales) {
  let started = performance.now();
  const pdf = await renderReceipt(receipt(locale));
  const first = performance.now() - started;
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    started = performance.now();
    await renderReceipt(receipt(locale));
    times.push(performance.now() - started);
  }
  console.log(
    `| ${locale} | ${first.toFixed(0)} | ${median(times).toFixed(1)} | ${(pdf.length / 1024).toFixed(1)} |`,
  );
}
