// A real TLS-terminating reverse proxy in front of an app process, for the https e2e
// spec: nginx with the shipped site configuration (deploy/nginx.conf) when nginx is
// installed, otherwise a small Node https proxy that sets the same headers. The
// certificate is self-signed, made with the openssl command for `localhost`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ACCESS_LOG_PLACEHOLDER, shippedDefinitions, withRunAccessLog } from '../support/nginx';
import { selfSignedCertificate } from '../support/tls-certificate';

export interface TlsProxy {
  kind: 'nginx' | 'node';
  origin: string;
  stop(): Promise<void>;
}

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));

/**
 * deploy/nginx.conf's TLS server, pointed at the test's ports and certificate: the
 * headers it forwards are exactly those a deployment following the README sends.
 */
function nginxConfig(dir: string, tlsPort: number, appPort: number, tls: { key: string; cert: string }) {
  const shipped = fs.readFileSync(path.resolve('deploy/nginx.conf'), 'utf8');
  const servers = shipped.split(/^server \{/m);
  const tlsServer = withRunAccessLog(`server {${servers.find((block) => block.includes('ssl_certificate'))!}`).replace(
    ACCESS_LOG_PLACEHOLDER,
    path.join(dir, 'access.log'),
  );
  const server = tlsServer
    .replace(/listen 443 ssl( http2)?;/, `listen 127.0.0.1:${tlsPort} ssl$1;`)
    .replace(/^\s*listen \[::\]:443.*$/m, '')
    .replace(/server_name .*;/, 'server_name localhost;')
    .replace(/ssl_certificate .*;/, `ssl_certificate ${tls.cert};`)
    .replace(/ssl_certificate_key .*;/, `ssl_certificate_key ${tls.key};`)
    .replace('proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${appPort};`);
  if (!server.includes(`127.0.0.1:${appPort}`) || !server.includes(tls.cert)) {
    throw new Error('deploy/nginx.conf no longer has the shape this test adapts (listen 443, ssl_certificate, proxy_pass)');
  }
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `
daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
${os.userInfo().uid === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${shippedDefinitions(shipped)}
  ${server}
}
`;
}

function waitForPort(port: number, child?: ChildProcess, log?: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child && child.exitCode !== null) return reject(new Error(`the proxy exited:\n${log?.() ?? ''}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}:\n${log?.() ?? ''}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

async function startNginx(dir: string, tlsPort: number, appPort: number, tls: { key: string; cert: string }): Promise<TlsProxy> {
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, tlsPort, appPort, tls));
  let log = '';
  const child = spawn(NGINX!, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const errors = () => log + (fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  await waitForPort(tlsPort, child, errors);
  return {
    kind: 'nginx',
    origin: `https://localhost:${tlsPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT'); // graceful: workers finish, then the master exits
      }),
  };
}

/** The fallback: what deploy/nginx.conf does, in Node. */
async function startNodeProxy(tlsPort: number, appPort: number, tls: { key: string; cert: string }): Promise<TlsProxy> {
  const server = https.createServer({ key: fs.readFileSync(tls.key), cert: fs.readFileSync(tls.cert) }, (req, res) => {
    const host = req.headers.host ?? `localhost:${tlsPort}`;
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: appPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host, 'x-forwarded-host': host, 'x-forwarded-proto': 'https', 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end('Bad gateway');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(tlsPort, '127.0.0.1', resolve));
  return {
    kind: 'node',
    origin: `https://localhost:${tlsPort}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startTlsProxy(tlsPort: number, appPort: number): Promise<TlsProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-tls-'));
  fs.chmodSync(dir, 0o755); // nginx workers may run as another user
  const tls = selfSignedCertificate(dir);
  // E2E_TLS_PROXY=node tries the fallback where nginx is installed.
  const nginx = NGINX && process.env.E2E_TLS_PROXY !== 'node';
  const proxy = nginx ? await startNginx(dir, tlsPort, appPort, tls) : await startNodeProxy(tlsPort, appPort, tls);
  return {
    ...proxy,
    stop: async () => {
      await proxy.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
