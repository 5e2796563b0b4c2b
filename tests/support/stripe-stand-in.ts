// A local HTTP stand-in for the Stripe API (issue 36): only what the site uses —
// Checkout Sessions (create with Idempotency-Key, retrieve), refunds — plus a checkout
// page for the browser whose "Payer" button completes the session and delivers the
// signed `checkout.session.completed` to the site, as Stripe would. Webhooks are signed
// with the SDK's own test-header helper and the configured secret.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  locale: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  /** Requests received, in order ("POST /v1/checkout/sessions" …). */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null; form: URLSearchParams }>;
  /** Marks the session paid and returns its `checkout.session.completed` event. */
  complete(sessionId: string, overrides?: Partial<StandInSession>): Stripe.Event;
  /** An event of any type around an object. */
  event(type: string, object: Record<string, unknown>, extra?: Record<string, unknown>): Stripe.Event;
  /** The Stripe-Signature header for a payload, as Stripe computes it. */
  sign(payload: string, secret?: string): string;
  close(): Promise<void>;
}

const signer = new Stripe('sk_test_standin00000000');

export async function startStripeStandIn(options: { webhookSecret: string; webhookUrl?: () => string | undefined; port?: number }): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const requests: StripeStandIn['requests'] = [];
  const idempotent = new Map<string, string>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(++counter).toString().padStart(4, '0')}`;
  let base = '';

  const event = (type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({
      id: next('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
      ...extra,
    }) as unknown as Stripe.Event;
  const sign = (payload: string, secret = options.webhookSecret) => signer.webhooks.generateTestHeaderString({ payload, secret });
  const complete = (sessionId: string, overrides: Partial<StandInSession> = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: session.payment_intent ?? next('pi') }, overrides);
    return event('checkout.session.completed', { ...session });
  };

  const metadataOf = (form: URLSearchParams) => {
    const out: Record<string, string> = {};
    for (const [key, value] of form) {
      const m = /^metadata\[(.+)\]$/.exec(key);
      if (m) out[m[1]!] = value;
    }
    return out;
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': next('req') });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: Error) => json(res, 500, { error: { message: error.message } }));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', base);
    const form = new URLSearchParams(body);
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const path = url.pathname;
    requests.push({ method: req.method ?? '', path, idempotencyKey: key, form });
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const replay = key ? idempotent.get(`session:${key}`) : undefined;
      if (replay) return json(res, 200, sessions.get(replay));
      const id = next('cs');
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        url: `${base}/checkout/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        locale: form.get('locale'),
        client_reference_id: form.get('client_reference_id'),
        metadata: metadataOf(form),
        payment_intent: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        livemode: false,
      };
      sessions.set(id, session);
      if (key) idempotent.set(`session:${key}`, id);
      return json(res, 200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]!);
      return session ? json(res, 200, session) : json(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const replay = key ? idempotent.get(`refund:${key}`) : undefined;
      if (replay)
        return json(
          res,
          200,
          refunds.find((r) => r.id === replay),
        );
      const intent = form.get('payment_intent') ?? '';
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!paid) return json(res, 400, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      const already = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : paid.amount_total - already;
      if (amount < 1 || already + amount > paid.amount_total)
        return json(res, 400, { error: { type: 'invalid_request_error', message: 'Refund exceeds the charge' } });
      const refund: StandInRefund = { id: next('re'), object: 'refund', amount, payment_intent: intent, status: 'succeeded', metadata: metadataOf(form) };
      refunds.push(refund);
      if (key) idempotent.set(`refund:${key}`, refund.id);
      return json(res, 200, refund);
    }
    if (path === '/healthz') return json(res, 200, { ok: true });
    // The browser's side: the stand-in checkout page and its pay button.
    const page = /^\/checkout\/([\w]+)$/.exec(path);
    if (page && req.method === 'GET') {
      const session = sessions.get(page[1]!);
      if (!session) return json(res, 404, {});
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="fr"><title>Stripe stand-in checkout</title><main><h1>Paiement ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</h1><form method="post" action="/checkout/${session.id}/pay"><button type="submit">Payer</button></form></main></html>`,
      );
      return;
    }
    const pay = /^\/checkout\/([\w]+)\/pay$/.exec(path);
    if (pay && req.method === 'POST') {
      const done = complete(pay[1]!);
      const target = options.webhookUrl?.();
      if (target) {
        const payload = JSON.stringify(done);
        await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sign(payload) }, body: payload });
      }
      res.writeHead(303, { Location: sessions.get(pay[1]!)!.success_url });
      res.end();
      return;
    }
    json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${path})` } });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    refunds,
    requests,
    complete,
    event,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
