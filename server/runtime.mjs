// The Node.js this site needs: `engines.node` in package.json (">=24"), the exact version
// in `.node-version`. `npm install` makes node_modules/.bin/node such a Node — the one
// that ran npm when it is new enough, else the pinned one it fetches
// (scripts/ensure-node.mjs) — and every npm script, `npm start` and `npm test` included,
// finds it first on its PATH (docs/decisions/0014).
import fs from 'node:fs';
import path from 'node:path';

/** `engines.node` of the package.json under `root`. */
export function nodeRequirement(root) {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
}

/** Whether Node `version` (e.g. "20.20.2") meets a requirement of the form ">=24" or ">=22.12". */
export function satisfiesRequirement(version, requirement) {
  const wanted = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(requirement.trim());
  if (!wanted) throw new Error(`engines.node must read ">=MAJOR[.MINOR[.PATCH]]", not ${JSON.stringify(requirement)}`);
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const need = Number(wanted[i + 1] ?? 0);
    if ((have[i] ?? 0) !== need) return (have[i] ?? 0) > need;
  }
  return true;
}

/** A line for the operator when this process runs on a Node older than the site needs. */
export function runtimeWarning(root, running = process.versions.node) {
  const required = nodeRequirement(root);
  let satisfied;
  try {
    satisfied = satisfiesRequirement(running, required);
  } catch (error) {
    // A warning must never stop the server from starting: an `engines.node` of another form is said, not thrown.
    return `Cannot check the Node version against engines.node: ${error.message}`;
  }
  if (satisfied) return null;
  return `Running on Node ${running}, older than the Node ${required} this site needs: start with \`npm start\` or node_modules/.bin/node (see docs/decisions/0014-pinned-node-runtime.md).`;
}
