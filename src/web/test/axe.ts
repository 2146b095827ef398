// axe in the web tests: the rules jsdom can judge (it lays nothing out, so contrast is left to the browser
// journeys), over a rendered screen.
import axe from 'axe-core';
import { expect } from 'vitest';

export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const result = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
