// `npm run typecheck`'s first step: React Router's route types (.react-router/types),
// written again only when what they are made from changed — the route map, React Router's
// config, React Router itself. They name each route module by `typeof import(…)`, so a
// change inside a route module needs no new types; `react-router typegen` spends seconds
// loading Vite's config to write the same files.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'node_modules/.cache/typecheck/route-types.stamp');
const SOURCES = ['app/routes.ts', 'react-router.config.ts', 'node_modules/@react-router/dev/package.json', 'node_modules/react-router/package.json'];

const mtime = (file) => {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return Infinity; // missing: write them
  }
};

const written = fs.existsSync(path.join(root, '.react-router/types/+routes.ts')) ? mtime(path.relative(root, stamp)) : 0;
if (written === Infinity || SOURCES.some((source) => mtime(source) >= written)) {
  execFileSync('npx', ['react-router', 'typegen'], { cwd: root, stdio: 'inherit' });
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, '');
}
