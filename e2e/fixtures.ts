import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** Fails a test on any axe violation of WCAG 2.2 A or AA, and of the best-practice `rules` given. */
export async function expectNoAxeViolations(page: Page, options: { rules?: string[] } = {}) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  const extra = options.rules
    ? (await new AxeBuilder({ page }).withRules(options.rules).analyze()).violations
    : [];
  const summary = [...results.violations, ...extra].map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * axe's landmark rules (best practice, beyond the WCAG tags above): every piece of content inside
 * a landmark, and no two landmarks of one kind with one name.
 */
export async function expectContentInLandmarks(page: Page) {
  const results = await new AxeBuilder({ page })
    .withRules([
      'region',
      'landmark-unique',
      'landmark-one-main',
      'landmark-no-duplicate-banner',
      'landmark-no-duplicate-contentinfo',
      'landmark-no-duplicate-main',
    ])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe landmark violations').toEqual([]);
}

/** The base test, failing on any page error or console error the test did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
