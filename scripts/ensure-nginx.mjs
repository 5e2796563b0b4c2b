// The https e2e spec puts nginx (with deploy/nginx.conf) in front of the app, and the
// rolling-restart integration test nginx with deploy/nginx-fleet.conf in front of two.
// Installs Debian's nginx-light when missing and we are allowed to; otherwise the spec
// falls back to a small Node https proxy and the integration test is skipped, so a
// missing nginx never fails the suite.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const installed = ['/usr/sbin/nginx', '/usr/bin/nginx'].some((candidate) => fs.existsSync(candidate));
if (!installed) {
  if (os.userInfo().uid === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log("nginx is missing: installing Debian's nginx-light package for the https e2e test…");
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light', { stdio: 'inherit' });
    } catch {
      console.warn('Could not install nginx: the https e2e test uses its Node https proxy instead.');
    }
  } else {
    console.warn('nginx is not installed: the https e2e test uses its Node https proxy instead (apt-get install nginx-light to test with nginx).');
  }
}
