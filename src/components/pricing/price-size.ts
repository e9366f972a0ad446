// The monthly price on a plan card is set large, but how wide it is depends on the language:
// "$11.99" (en) is half as wide as "11.99 US$" (ar) or "USD 11.99" (ms), and a card is as
// narrow as 177 px of content (four in a row at 1024 px). The card is a size container, so the
// price steps up only when the card is wide enough for its length.

/** Characters of the price as drawn (without bidi marks such as U+200F). */
export function visibleLength(price: string): number {
  return [...price.replace(/\p{Cf}/gu, '')].length;
}

/** Longest price that fits the large size on a 13rem card ("11,99 $", "US$11" …). */
const shortPrice = 7;

/**
 * Tailwind classes of the monthly price for a card that is a `@container`: 36 px for a short
 * price (48 px on a card of 13rem or more); a longer one starts at 28 px and takes 36 px from
 * 13rem and 48 px from 18rem.
 */
export function priceSizeClass(price: string): string {
  return visibleLength(price) <= shortPrice
    ? 'text-3xl @min-[13rem]:text-4xl'
    : 'text-2xl @min-[13rem]:text-3xl @min-[18rem]:text-4xl';
}
