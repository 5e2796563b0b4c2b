// Which Chromium the e2e suite drives (playwright.config.ts, scripts/ensure-chromium.mjs).
// Playwright cannot download its browsers here; Debian packages both builds of the same
// Chromium. The suite prefers `chromium-headless-shell`, the build Playwright itself runs
// for headless tests: the same Blink and V8 without the desktop browser around them, a
// third less CPU for the whole suite (docs/decisions/0022). The full `chromium` serves
// when only it is installed; CHROMIUM_PATH overrides both.
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The executable the suite launches. */
export function e2eChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) || !fs.existsSync(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
