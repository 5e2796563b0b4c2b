// Measures how long `npm start` takes to serve: a first start on an empty DATA_DIR
// (initdb, migrations, demo seed) and a second start with nothing changed (the
// README promises under 3 s). Needs a current build (`npm run build`).
// Usage: node bench/startup.mjs [--write]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function timeStart(env) {
  const started = performance.now();
  const child = spawn(process.execPath, ['server/start.mjs'], { env, stdio: 'ignore' });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${env.PORT}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    if (child.exitCode !== null) throw new Error('the app exited');
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return seconds;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-bench-'));
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: 'true' };
delete env.DATABASE_URL;
const first = await timeStart(env);
const second = await timeStart(env);
const third = await timeStart(env);
fs.rmSync(dataDir, { recursive: true, force: true });

const lines = [
  `# Start-up time, ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Measured by \`node bench/startup.mjs\` (${os.cpus().length} CPUs, Node ${process.version}), from spawn to a 200 on /healthz.`,
  '',
  '| start | seconds |',
  '|---|---:|',
  `| first (empty DATA_DIR: initdb, migrations, demo seed with generated images) | ${first.toFixed(2)} |`,
  `| second (nothing changed) | ${second.toFixed(2)} |`,
  `| third (nothing changed) | ${third.toFixed(2)} |`,
];
console.log(lines.join('\n'));
if (process.argv.includes('--write')) fs.writeFileSync('bench/results/startup.md', `${lines.join('\n')}\n`);
