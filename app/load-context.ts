// What the HTTP pipeline (server/http-pipeline.ts) hands to every loader and action.
import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy. */
    cspNonce?: string;
    /** The visitor's IP: the connection's, or X-Forwarded-For's last entry (our proxy's view) when TRUST_PROXY is set. */
    clientIp?: string;
  }
}

export {};
