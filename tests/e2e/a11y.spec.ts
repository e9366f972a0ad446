// Accessibility: no serious or critical axe violation on one page of each layout, LTR and RTL.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';

const layoutSamples: Record<string, string> = {
  default: '/',
  plain: '/login',
  plain2: '/pricing/checkout',
  simple: '/promotion',
  standalone: '/win-pay',
  internetaccess: '/InternetAccess/vpn-for-streaming',
  blog: '/blog',
};
const sampleLocales: Locale[] = ['en', 'ar'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable block per violation: rule, impact, help link and the first offending nodes. */
function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more =
        violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

for (const locale of sampleLocales) {
  for (const [layout, path] of Object.entries(layoutSamples)) {
    const url = localizePath(locale, path);
    test(`${layout} layout: ${url}`, async ({ page }) => {
      const response = await page.goto(url, { waitUntil: 'load' });
      expect(response?.status(), `GET ${url}`).toBe(200);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze();
      const serious = results.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious, `axe violations on ${url}:\n${describeViolations(serious)}`).toEqual([]);
    });
  }
}
