// GET /pay/<token> — the link of the deposit mail (issue 36). While the hold is open it
// creates (or reuses) the Stripe Checkout Session and redirects there; once the stay is
// confirmed, the same for what remains of its balance (issue 52); otherwise, and on
// the way back from Stripe (?retour=1), it only reads the booking's state: the webhook
// alone confirms a payment. A delayed payment still settling (issue 51) leaves the guest
// a card payment instead (?carte=1). Written in the booking's language; never cached,
// never sent as a referrer.
import { guestChain } from '~/lib/i18n';
import { data, redirect, useLoaderData } from 'react-router';
import { formatMoney } from '~/lib/money';
import { findByPaymentToken, openPaymentLink, paymentState } from '~/.server/booking/stays/payment-link';
import { publicAccess } from '~/.server/auth/permissions';
import { loadSiteShell } from '~/.server/site/shell';
import { SiteLayout } from '~/components/site/shell/site-layout';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';
import type { Route } from './+types/pay';

export const handle = { delivery: { kind: 'personal', page: 'public' } } satisfies DeliveryHandle;

type State = 'awaiting' | 'confirming' | 'pending' | 'paid' | 'expired' | 'closed' | 'unknown';

const TEXTS: Record<string, Record<State, string> & { title: string; payByCard: string }> = {
  fr: {
    title: 'Acompte',
    awaiting: "Le paiement de l'acompte n'a pas encore été reçu.",
    confirming: 'Paiement en cours de confirmation. Vous recevrez un e-mail dès que votre réservation sera confirmée.',
    pending:
      "Votre paiement attend la confirmation de votre banque. Pour confirmer la réservation sans attendre, vous pouvez régler l'acompte par carte : le premier paiement arrivé compte, l'autre vous est remboursé.",
    payByCard: "Régler l'acompte par carte",
    paid: "L'acompte est réglé : votre réservation est confirmée.",
    expired: 'Le délai de paiement est dépassé : les nuits ne vous sont plus réservées.',
    closed: "Cette réservation n'attend plus de paiement.",
    unknown: "Ce lien de paiement n'est pas valable.",
  },
  en: {
    title: 'Deposit',
    awaiting: 'The deposit has not been received yet.',
    confirming: 'Payment being confirmed. You will receive an e-mail as soon as your booking is confirmed.',
    pending:
      'Your payment is waiting for your bank to confirm it. To confirm the booking without waiting, you may pay the deposit by card: the first payment to arrive counts, the other is refunded.',
    payByCard: 'Pay the deposit by card',
    paid: 'The deposit is paid: your booking is confirmed.',
    expired: 'The payment deadline has passed: the nights are no longer held for you.',
    closed: 'This booking no longer awaits a payment.',
    unknown: 'This payment link is not valid.',
  },
  es: {
    title: 'Depósito',
    awaiting: 'Todavía no se ha recibido el depósito.',
    confirming: 'Pago en curso de confirmación. Recibirá un correo en cuanto su reserva esté confirmada.',
    pending:
      'Su pago espera la confirmación de su banco. Para confirmar la reserva sin esperar, puede pagar el depósito con tarjeta: cuenta el primer pago que llegue y el otro se le reembolsa.',
    payByCard: 'Pagar el depósito con tarjeta',
    paid: 'El depósito está pagado: su reserva está confirmada.',
    expired: 'El plazo de pago ha vencido: las noches ya no están reservadas para usted.',
    closed: 'Esta reserva ya no espera ningún pago.',
    unknown: 'Este enlace de pago no es válido.',
  },
  de: {
    title: 'Anzahlung',
    awaiting: 'Die Anzahlung ist noch nicht eingegangen.',
    confirming: 'Zahlung wird bestätigt. Sie erhalten eine E-Mail, sobald Ihre Buchung bestätigt ist.',
    pending:
      'Ihre Zahlung wartet auf die Bestätigung Ihrer Bank. Um die Buchung sofort zu bestätigen, können Sie die Anzahlung per Karte zahlen: es zählt die zuerst eingehende Zahlung, die andere wird erstattet.',
    payByCard: 'Anzahlung per Karte zahlen',
    paid: 'Die Anzahlung ist bezahlt: Ihre Buchung ist bestätigt.',
    expired: 'Die Zahlungsfrist ist abgelaufen: die Nächte sind nicht mehr für Sie reserviert.',
    closed: 'Diese Buchung erwartet keine Zahlung mehr.',
    unknown: 'Dieser Zahlungslink ist nicht gültig.',
  },
};

const noStore = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };

export async function loader({ request, params }: Route.LoaderArgs) {
  publicAccess(request);
  const query = new URL(request.url).searchParams;
  const returned = query.has('retour');
  const found = await findByPaymentToken(params.token);
  const language = found && TEXTS[found.language] ? found.language : 'fr';
  const { shell } = await loadSiteShell(guestChain(language));
  const answer = (state: State, status = 200) =>
    data(
      { shell, language, state, deposit: found ? formatMoney(found.depositCents, language) : null, cardUrl: `/pay/${params.token}?carte=1` },
      { status, headers: noStore },
    );
  if (!found) return answer('unknown', 404);
  const state = paymentState(found);
  // Back from Stripe: the state as the webhook left it, nothing more.
  if (returned) return answer(state === 'awaiting' ? 'confirming' : state);
  // A confirmed stay's link pays what remains of its balance by card (issue 52's reminder carries it).
  if (state !== 'awaiting' && state !== 'paid') return answer(state);
  const outcome = await openPaymentLink(params.token, { byCard: query.has('carte') });
  if (outcome?.kind === 'redirect') throw redirect(outcome.url, { status: 303, headers: noStore });
  return answer(outcome?.state ?? 'unknown');
}

/** The loader's headers are the page's: never cached, never indexed, never sent as a referrer. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ data }: Route.MetaArgs) {
  const texts = TEXTS[data?.language ?? 'fr'] ?? TEXTS.fr!;
  return [{ title: texts.title }, { name: 'robots', content: 'noindex' }];
}

export default function Pay() {
  const { shell, language, state, deposit, cardUrl } = useLoaderData<typeof loader>();
  const texts = TEXTS[language] ?? TEXTS.fr!;
  return (
    <SiteLayout shell={shell}>
      <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-24 text-center" lang={language}>
        <h1 className="text-3xl font-bold">
          {texts.title}
          {deposit ? ` · ${deposit}` : ''}
        </h1>
        <p role="status" className="text-lg">
          {texts[state]}
        </p>
        {state === 'pending' ? (
          <a href={cardUrl} rel="nofollow" className="btn-primary self-center">
            {texts.payByCard}
          </a>
        ) : null}
      </div>
    </SiteLayout>
  );
}
