// The stand-in push service as a process, for the e2e web servers (playwright.config.ts):
// PUSH_STANDIN_PORT, and PUSH_STANDIN_CERTIFICATE_DIR where it writes the certificate the
// app trusts (NODE_EXTRA_CA_CERTS) before it listens.
import { startPushStandIn } from './push-stand-in';

const stand = await startPushStandIn({ port: Number(process.env.PUSH_STANDIN_PORT), certificateDir: process.env.PUSH_STANDIN_CERTIFICATE_DIR });
console.log(`Push service stand-in on ${stand.origin}`);
const stop = () => void stand.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
