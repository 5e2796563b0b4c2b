// The e2e suite drives the system Chromium (Playwright cannot download browsers here).
// Installs Debian's `chromium` when missing and we are allowed to; otherwise says what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(path)) {
  if (os.userInfo().uid === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error(`No Chromium at ${path}. Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
