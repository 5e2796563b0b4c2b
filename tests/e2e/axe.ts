// The one axe-core check of the e2e suite, for public pages and back-office screens
// alike: every rule axe runs by default (WCAG 2.0/2.1/2.2 A and AA, and its best
// practices), scanned with transitions and animations finished. The toast stack is left
// out: its colours belong to the shared toast surface (app/components/toasts.tsx),
// checked on its own.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Colours measured mid-transition (a fading dialog, a hovered button) made the
 * contrast rule flaky: scans run with transitions and animations finished.
 */
export async function freezeTransitions(page: Page) {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }',
  });
}

/**
 * The violations on the page as it is, each with the rule and the offending nodes. Every
 * rule runs and every violating node is reported; `resultTypes` only spares listing every
 * node that passed (hundreds a page), which nothing reads and Playwright serialised each scan.
 * `axe.run` in the page (AxeBuilder's legacy mode), not `runPartial` per frame and `finishRun`
 * in a blank page opened for every scan: that page doubled each scan's time (1.3 s → 0.66 s
 * on a small screen), and the only frame the site has is the third-party map, which neither
 * mode tests (cross-origin).
 */
export async function axeViolations(page: Page) {
  await freezeTransitions(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .exclude('[data-sonner-toaster]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

export async function expectNoAxeViolations(page: Page, where = page.url()) {
  expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
}
