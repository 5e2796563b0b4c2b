// nginx run by a test: the shipped configurations (deploy/nginx.conf, deploy/nginx-fleet.conf)
// pointed at the test's instances, served over plain HTTP on a loopback port, their access
// log written in the run's own folder (scripts/ensure-nginx.mjs installs nginx where it may;
// a test without it is skipped).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));

/** Where the access log a server block names goes: startNginx puts it in the run's folder. */
export const ACCESS_LOG_PLACEHOLDER = '__ACCESS_LOG__';
const SHIPPED_ACCESS_LOG = /access_log \/var\/log\/nginx\/access\.log (\w+);/g;

/**
 * What a shipped file defines for its servers at the http level (`map` blocks, `log_format`),
 * as it is, and its server blocks' access log pointed at the run's folder.
 */
export function shippedDefinitions(shipped: string): string {
  const maps = shipped.match(/^map [^\n]*\{[\s\S]*?^\}/gm) ?? [];
  const formats = shipped.match(/^log_format [\s\S]*?;$/gm) ?? [];
  return [...maps, ...formats].join('\n');
}

export function withRunAccessLog(serverBlock: string): string {
  return serverBlock.replace(SHIPPED_ACCESS_LOG, `access_log ${ACCESS_LOG_PLACEHOLDER} $1;`);
}

/** deploy/nginx.conf's TLS server, plain HTTP on `port`, in front of one app on `upstreamPort`. */
export function siteConfig(port: number, upstreamPort: number): string {
  const shipped = fs.readFileSync(path.resolve('deploy/nginx.conf'), 'utf8');
  const tlsServer = shipped.split(/^server \{/m).find((block) => block.includes('ssl_certificate'));
  if (!tlsServer || !tlsServer.includes('proxy_pass http://127.0.0.1:3000;')) {
    throw new Error('deploy/nginx.conf no longer has the shape this test adapts (a TLS server, proxy_pass to 127.0.0.1:3000)');
  }
  const server = `server {${tlsServer}`
    .replace(/^\s*listen 443 ssl( http2)?;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^\s*listen \[::\]:443.*$/m, '')
    .replace(/^\s*ssl_certificate.*$/gm, '')
    .replace(/server_name .*;/, 'server_name localhost;')
    .replace('proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${upstreamPort};`);
  return `${shippedDefinitions(shipped)}\n${withRunAccessLog(server)}`;
}

/**
 * The shipped fleet configuration with its instances replaced by `upstreams` and its TLS
 * server turned into a plain one on `port`: the upstream, health and retry settings and the
 * headers it forwards are exactly what a deployment following the README uses.
 */
export function fleetConfig(port: number, upstreams: number[]): string {
  const shipped = fs.readFileSync(path.resolve('deploy/nginx-fleet.conf'), 'utf8');
  const upstream = /^upstream guesthouse \{[\s\S]*?^\}/m.exec(shipped)?.[0];
  const tlsServer = shipped.split(/^server \{/m).find((block) => block.includes('ssl_certificate'));
  if (!upstream || !tlsServer || !/^\s*server 127\.0\.0\.1:\d+ .*;$/m.test(upstream)) {
    throw new Error('deploy/nginx-fleet.conf no longer has the shape this test adapts (upstream guesthouse, a TLS server)');
  }
  const [instanceLine] = /^\s*server 127\.0\.0\.1:\d+ .*;$/m.exec(upstream)!;
  const instances = upstreams.map((upstreamPort) => instanceLine.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${upstreamPort}`)).join('\n');
  const server = `server {${tlsServer}`
    .replace(/^\s*listen 443 ssl( http2)?;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^\s*listen \[::\]:443.*$/m, '')
    .replace(/^\s*ssl_certificate.*$/gm, '')
    .replace(/server_name .*;/, 'server_name localhost;');
  return `${shippedDefinitions(shipped)}\n${upstream.replace(/^(\s*server 127\.0\.0\.1:\d+ .*;\n?)+/m, `${instances}\n`)}\n${withRunAccessLog(server)}`;
}

export interface RunningNginx {
  origin: string;
  log(): string;
  /** What nginx wrote in the access log of the run so far. */
  accessLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(port: number, httpBlock: string): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-nginx-'));
  fs.chmodSync(dir, 0o755); // workers may run as another user
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = path.join(dir, 'nginx.conf');
  const accessLog = path.join(dir, 'access.log');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 2;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
${os.userInfo().uid === 0 ? 'user root;' : ''}
events { worker_connections 512; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${httpBlock.replaceAll(ACCESS_LOG_PLACEHOLDER, accessLog)}
}
`,
  );
  let output = '';
  const child = spawn(NGINX!, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const log = () => output + (fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => (socket.destroy(), resolve(false)));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`nginx does not listen on ${port}:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `http://localhost:${port}`,
    log,
    accessLog: () => (fs.existsSync(accessLog) ? fs.readFileSync(accessLog, 'utf8') : ''),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT'); // graceful: workers finish, then the master exits
      }),
  };
}
