/**
 * The footer's "Cookie settings" button carries this attribute (no script of its own): a click
 * reopens the cookie banner. The tracking loader and island both listen for it.
 */
export const consentOpenAttribute = 'data-consent-open';

/** Whether a click landed on a "Cookie settings" button. */
export function isConsentOpenClick(event: Event): boolean {
  const target = event.target instanceof Element ? event.target : null;
  return target?.closest(`[${consentOpenAttribute}]`) != null;
}
