// axe-core on a back-office page. The toast stack is left out: its colours belong
// to the shared toast surface (app/components/toasts.tsx), checked on its own.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function axeViolations(page: Page) {
  await freezeTransitions(page);
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html) }));
}

/**
 * Colours measured mid-transition (a fading dialog, a hovered button) made the
 * contrast rule flaky: scans run with transitions and animations finished.
 */
export async function freezeTransitions(page: Page) {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }',
  });
}
