// Precompresses the client build (brotli + gzip) so the server never compresses on the fly.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

function walk(current) {
  for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
    const full = path.join(current, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(entry.name)) {
      const body = fs.readFileSync(full);
      if (body.length < 512) continue;
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
    }
  }
}

if (fs.existsSync(dir)) walk(dir);
