// The e2e suite drives a system Chromium (Playwright cannot download browsers here;
// scripts/chromium.mjs says which). Installs Debian's `chromium-headless-shell` when it is
// missing and we are allowed to; a machine that has only the full `chromium` and no root
// runs the suite in that one; otherwise says what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { e2eChromium, HEADLESS_SHELL } from './chromium.mjs';

const mayInstall = os.userInfo().uid === 0 && fs.existsSync('/usr/bin/apt-get');
if (!process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL) && mayInstall) {
  console.log("Chromium's headless shell is missing: installing Debian's chromium-headless-shell package…");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell', { stdio: 'inherit' });
}
const path = e2eChromium();
if (!fs.existsSync(path)) {
  console.error(`No Chromium at ${path}. Install it (Debian/Ubuntu: sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`);
  process.exit(1);
}
