// axe-core, one configuration for every page, public or back office: every rule axe runs
// by default (WCAG 2.0/2.1/2.2 A and AA, and its best practices). The toast stack is left
// out: its colours belong to the shared toast surface (app/components/toasts.tsx),
// checked on its own.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The page's axe violations, each with the HTML of the nodes at fault. */
export async function axeViolations(page: Page) {
  await freezeTransitions(page);
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html) }));
}

export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * Colours measured mid-transition (a fading dialog, a hovered button) made the
 * contrast rule flaky: scans run with transitions and animations finished.
 */
async function freezeTransitions(page: Page) {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }',
  });
}
