// Server rendering. Each document is rewritten on its way out (app/page-delivery/
// render-entry.server.tsx): the icon sprite goes inline and a public page hydrates after
// its first image. The per-request CSP nonce from the HTTP pipeline reaches every inline
// script through React Router's <Scripts> and <ScrollRestoration>.
//
// The document is answered whole, as one buffer, once React has written all of it: our
// pages have no boundary that waits for slow data (loader data is never deferred), so the
// shell is the page and streaming it early gained no time, while a streamed body crossed
// Node's web streams chunk by chunk (7 % of an uncached page's CPU). Bots and browsers
// therefore get the same bytes, with the status of the finished render.
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { logRefusal } from '~/.server/http/refusal-log';
import { DeliveryRender, rewriteForDelivery } from '~/page-delivery/render-entry.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string } | undefined)?.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <DeliveryRender>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DeliveryRender>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(
            collectDocument((document) => {
              clearTimeout(timer);
              const body = rewriteForDelivery(document, routerContext);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error of the shell reaches React Router (onShellError), which logs it.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Read by the callbacks above, which React calls only after this line has run.
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * What React's pipe() needs of a destination, gathering the document: React writes
 * strings and byte views it never reuses, all in one go once everything is ready, so a
 * Node stream between it and the response only added work per 4 KB piece.
 */
function collectDocument(done: (document: Buffer<ArrayBuffer>) => void) {
  const parts: Uint8Array[] = [];
  const destination = {
    write(chunk: Uint8Array | string) {
      parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
      return true;
    },
    end() {
      done(Buffer.concat(parts));
    },
    on() {
      return destination;
    },
  };
  return destination as unknown as NodeJS.WritableStream;
}

/**
 * React Router reports here every error a request met. Its own refusals (405 "did not
 * provide an action", 404 no route, 400 bad `.data` request…) are expected traffic:
 * one short line, repeated ones summarised (refusal-log.ts). Real errors keep their
 * stack. An aborted request (the client went away) is not an error of ours.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logRefusal({
      status: error.status,
      method: request.method,
      path: new URL(request.url).pathname,
      client: (context as AppLoadContext | undefined)?.clientIp ?? 'unknown',
      reason: error.statusText,
    });
    return;
  }
  console.error(isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error);
};
