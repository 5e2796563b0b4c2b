// A local HTTP stand-in for the Stripe API (issues 36 and 51): only what the site uses —
// Checkout Sessions (create, retrieve, expire), refunds (create, retrieve, list) — plus a
// checkout page for the browser whose "Payer" button completes the session and delivers
// the signed `checkout.session.completed` to the site, as Stripe would. Webhooks are
// signed with the SDK's own test-header helper and the configured secret.
//
// It applies Stripe's documented rules where the site could break them, answering as the
// real API does (status, error type, code, param):
//  - a session's `expires_at` lies 30 minutes to 24 hours after its creation (400,
//    invalid_request_error, param expires_at); past it the session reads `expired`, and
//    only an open session can be paid or expired through the API;
//  - a refund never exceeds what is left of the charge (400, param amount; or
//    charge_already_refunded);
//  - an Idempotency-Key replays the first answer to the same request, and is refused
//    (400, idempotency_error) for a request with other parameters or another endpoint.
// Its clock is Date.now(), so a test that fakes Date moves Stripe's time too.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** Stripe's bounds on a Checkout Session's expires_at, after its creation (seconds). */
export const STRIPE_SESSION_MIN_SECONDS = 30 * 60;
export const STRIPE_SESSION_MAX_SECONDS = 24 * 60 * 60;

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  locale: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  allowed_payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  /** Requests received, in order ("POST /v1/checkout/sessions" …). */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null; form: URLSearchParams; status: number }>;
  /** Marks an open session paid (or as `overrides` say) and returns its `checkout.session.completed` event. */
  complete(sessionId: string, overrides?: Partial<StandInSession>): Stripe.Event;
  /** A delayed payment of a completed session settles (`paid`) or fails: its async_payment event. */
  settle(sessionId: string, outcome: 'paid' | 'failed'): Stripe.Event;
  /** An event of any type around an object. */
  event(type: string, object: Record<string, unknown>, extra?: Record<string, unknown>): Stripe.Event;
  /** The Stripe-Signature header for a payload, as Stripe computes it (`timestamp` in seconds: now by default). */
  sign(payload: string, secret?: string, timestamp?: number): string;
  /** The charge of a payment intent as Stripe has it now (for charge.refunded events). */
  charge(paymentIntent: string): Record<string, unknown>;
  /**
   * Called after a refund is made and before the API answers it: a test delivers the
   * webhook there to see it arrive before the answer.
   */
  beforeRefundAnswer?: (refund: StandInRefund) => Promise<void>;
  close(): Promise<void>;
}

const signer = new Stripe('sk_test_standin00000000');

type Answer = { status: number; body: unknown };

const invalid = (message: string, extra: Record<string, unknown> = {}): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});
const notFound = (what: string, id: string): Answer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' } },
});

export async function startStripeStandIn(options: { webhookSecret: string; webhookUrl?: () => string | undefined; port?: number }): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const requests: StripeStandIn['requests'] = [];
  /** Idempotency-Key → the request it was first used with and Stripe's answer to it. */
  const idempotent = new Map<string, { request: string; answer: Answer }>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(++counter).toString().padStart(4, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  let base = '';

  const event = (type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({
      id: next('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
      ...extra,
    }) as unknown as Stripe.Event;
  const sign = (payload: string, secret = options.webhookSecret, timestamp?: number) =>
    signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

  /** A session as Stripe shows it now: an open one past its expires_at has expired. */
  const current = (id: string) => {
    const session = sessions.get(id);
    if (session?.status === 'open' && session.expires_at <= now()) Object.assign(session, { status: 'expired', url: null });
    return session;
  };
  const complete = (sessionId: string, overrides: Partial<StandInSession> = {}) => {
    const session = current(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}: Stripe takes no payment on it`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, payment_intent: session.payment_intent ?? next('pi') }, overrides);
    return event('checkout.session.completed', { ...session });
  };
  const settle = (sessionId: string, outcome: 'paid' | 'failed') => {
    const session = sessions.get(sessionId);
    if (session?.status !== 'complete' || session.payment_status !== 'unpaid') throw new Error(`session ${sessionId} has no payment settling`);
    if (outcome === 'paid') session.payment_status = 'paid';
    return event(`checkout.session.async_payment_${outcome === 'paid' ? 'succeeded' : 'failed'}`, { ...session });
  };
  const chargeOf = (intent: string) => `ch_${intent.slice(3)}`;
  const refundedOn = (intent: string) =>
    refunds.filter((r) => r.payment_intent === intent && r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + r.amount, 0);
  const paidSession = (intent: string) => [...sessions.values()].find((s) => s.payment_intent === intent && s.payment_status === 'paid');
  const charge = (intent: string) => {
    const paid = paidSession(intent);
    const refunded = refundedOn(intent);
    return {
      id: chargeOf(intent),
      object: 'charge',
      amount: paid?.amount_total ?? 0,
      amount_refunded: refunded,
      currency: paid?.currency ?? 'eur',
      payment_intent: intent,
      refunded: paid ? refunded === paid.amount_total : false,
      livemode: false,
    };
  };

  const metadataOf = (form: URLSearchParams) => {
    const out: Record<string, string> = {};
    for (const [key, value] of form) {
      const m = /^metadata\[(.+)\]$/.exec(key);
      if (m) out[m[1]!] = value;
    }
    return out;
  };
  const listOf = (form: URLSearchParams, name: string) => [...form].filter(([key]) => key.startsWith(`${name}[`)).map(([, value]) => value);

  function createSession(form: URLSearchParams): Answer {
    const created = now();
    let expiresAt = created + STRIPE_SESSION_MAX_SECONDS;
    if (form.has('expires_at')) {
      expiresAt = Number(form.get('expires_at'));
      if (!Number.isInteger(expiresAt)) return invalid('Invalid integer: expires_at', { param: 'expires_at' });
      if (expiresAt < created + STRIPE_SESSION_MIN_SECONDS)
        return invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', { param: 'expires_at' });
      if (expiresAt > created + STRIPE_SESSION_MAX_SECONDS)
        return invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', { param: 'expires_at' });
    }
    const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
    if (!Number.isInteger(amount) || amount < 50) return invalid('Amount must be at least €0.50 eur', { param: 'line_items[0][price_data][unit_amount]' });
    if (!form.get('success_url')) return invalid('Missing required param: success_url.', { param: 'success_url' });
    const id = next('cs');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      url: `${base}/checkout/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount * Number(form.get('line_items[0][quantity]') ?? 1),
      currency: form.get('line_items[0][price_data][currency]') ?? '',
      locale: form.get('locale'),
      client_reference_id: form.get('client_reference_id'),
      metadata: metadataOf(form),
      payment_intent: null,
      allowed_payment_method_types: listOf(form, 'allowed_payment_method_types'),
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      created,
      expires_at: expiresAt,
      livemode: false,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function expireSession(id: string): Answer {
    const session = current(id);
    if (!session) return notFound('checkout.session', id);
    if (session.status !== 'open')
      return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`);
    Object.assign(session, { status: 'expired', url: null });
    return { status: 200, body: session };
  }

  async function createRefund(form: URLSearchParams): Promise<Answer> {
    const intent = form.get('payment_intent') ?? '';
    const paid = paidSession(intent);
    if (!paid) return invalid(`No such payment_intent: '${intent}'`, { code: 'resource_missing', param: 'payment_intent' });
    const left = paid.amount_total - refundedOn(intent);
    if (left <= 0) return invalid(`Charge ${chargeOf(intent)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid positive integer', { param: 'amount' });
    if (amount > left) {
      const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
      return invalid(`Refund amount (${euros(amount)}) is greater than unrefunded amount on charge (${euros(left)})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const refund: StandInRefund = {
      id: next('re'),
      object: 'refund',
      amount,
      currency: paid.currency,
      payment_intent: intent,
      charge: chargeOf(intent),
      status: 'succeeded',
      reason: form.get('reason'),
      metadata: metadataOf(form),
      created: now(),
    };
    refunds.push(refund);
    await stand.beforeRefundAnswer?.(refund);
    return { status: 200, body: refund };
  }

  async function answer(method: string, path: string, url: URL, form: URLSearchParams): Promise<Answer | null> {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (sessionPath && method === 'GET' && !sessionPath[2]) {
      const session = current(sessionPath[1]!);
      return session ? { status: 200, body: session } : notFound('checkout.session', sessionPath[1]!);
    }
    if (sessionPath && method === 'POST' && sessionPath[2]) return expireSession(sessionPath[1]!);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    if (method === 'GET' && path === '/v1/refunds') {
      const intent = url.searchParams.get('payment_intent');
      const data = refunds.filter((r) => !intent || r.payment_intent === intent).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    const refundPath = /^\/v1\/refunds\/([\w]+)$/.exec(path);
    if (refundPath && method === 'GET') {
      const refund = refunds.find((r) => r.id === refundPath[1]);
      return refund ? { status: 200, body: refund } : notFound('refund', refundPath[1]!);
    }
    return null;
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': next('req') });
    res.end(JSON.stringify(body));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? '';
    const form = new URLSearchParams(body);
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const path = url.pathname;
    const log = { method, path, idempotencyKey: key, form, status: 0 };
    requests.push(log);
    if (path.startsWith('/v1/')) {
      const request = `${method} ${path} ${body}`;
      const first = key && method === 'POST' ? idempotent.get(key) : undefined;
      let result: Answer | null;
      if (first && first.request !== request) {
        result = {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      } else if (first) {
        result = first.answer;
      } else {
        result = (await answer(method, path, url, form)) ?? {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
        };
        if (key && method === 'POST') idempotent.set(key, { request, answer: result });
      }
      log.status = result.status;
      return json(res, result.status, result.body);
    }
    if (path === '/healthz') return json(res, 200, { ok: true });
    // The browser's side: the stand-in checkout page and its pay button.
    const page = /^\/checkout\/([\w]+)$/.exec(path);
    if (page && method === 'GET') {
      const session = current(page[1]!);
      if (!session) return json(res, 404, {});
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        session.status === 'open'
          ? `<!doctype html><html lang="fr"><title>Stripe stand-in checkout</title><main><h1>Paiement ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</h1><form method="post" action="/checkout/${session.id}/pay"><button type="submit">Payer</button></form></main></html>`
          : `<!doctype html><html lang="fr"><title>Stripe stand-in checkout</title><main><h1>Cette session de paiement n'est plus active</h1></main></html>`,
      );
      return;
    }
    const pay = /^\/checkout\/([\w]+)\/pay$/.exec(path);
    if (pay && method === 'POST') {
      if (current(pay[1]!)?.status !== 'open') return json(res, 400, { error: { message: 'This Checkout Session is no longer active.' } });
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
    json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: Error) => json(res, 500, { error: { message: error.message } }));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stand: StripeStandIn = {
    url: base,
    sessions,
    refunds,
    requests,
    complete,
    settle,
    event,
    sign,
    charge,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return stand;
}
