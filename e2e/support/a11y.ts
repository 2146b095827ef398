import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe must find no serious or critical violation on the page as the user sees it now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}) on ${page.url()}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(bad, bad.join('\n')).toEqual([]);
}
