// A self-signed certificate for `localhost` and 127.0.0.1, made with the openssl command:
// the TLS proxy of the https e2e spec and the stand-in push service use one.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Writes key.pem and cert.pem into `dir` (valid two days); returns their paths. */
export function selfSignedCertificate(dir: string) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
}
