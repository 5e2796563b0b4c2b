// The production server, as `npm run build` bundles it (build/server/index.js, which
// server/start.mjs runs): the process of server/process.ts serving the HTTP pipeline of
// server/http-pipeline.ts, with page delivery plugged in. The one module that sees both
// sides: the server imports nothing of page delivery, and page delivery nothing of the
// server.
import * as pageDelivery from '~/page-delivery/server-entry.server';
import { createHttpPipeline } from '../server/http-pipeline';
import { start as startProcess } from '../server/process';

export { stop } from '../server/process';

/** The HTTP pipeline with page delivery, as each server process (and a test) builds it. */
export const createHttpServer = () => createHttpPipeline(pageDelivery);

export const start = () => startProcess(createHttpServer);
