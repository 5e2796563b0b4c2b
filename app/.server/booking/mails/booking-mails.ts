// Booking mails: the guest's acknowledgement, confirmation and refusal in the
// guest's language, and the owners' French notification with the quote. Texts
// live here rather than in the public catalogs, which ship to every browser.
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { formatMoney } from '~/lib/money';
import { config } from '../../environment';
import { ownerTime } from '../../guesthouse-time';
import { daysBetween, utcMidnight, type IsoDate } from '~/lib/nights';
import { headerText, mailboxAddress, renderTableMail, telHref, type MailRow, type RenderedMail } from '../../mail/compose';
import { recognisableName } from '../../mail/recognisable-name';
import type { Quote } from '../pricing/quote';
import type { MailAttachment } from '../../mail/outbox';
import { moneyRows as stayMoneyRows, moneyWords, type MailMoney, type MoneyMoment } from './money-mails';
import { describeGuests, describeQuoteLine } from '../pricing/quote-lines';
import { frenchLanguageName } from '~/lib/language-names';

export const MAIL_LANGUAGES = ['fr', 'en', 'es', 'de'] as const;
type MailLanguage = (typeof MAIL_LANGUAGES)[number];
const mailLanguage = (code: string): MailLanguage => ((MAIL_LANGUAGES as readonly string[]).includes(code) ? (code as MailLanguage) : 'en');

/** A night as the guest reads it ("samedi 4 juillet 2026"); the date is a calendar date, so UTC. */
export function formatNight(date: IsoDate, language: string): string {
  return dateTimeFormat(intlLocale(mailLanguage(language)), { dateStyle: 'full', timeZone: 'UTC' }).format(utcMidnight(date));
}

const euros = formatMoney;
/** The greeting with the guest's name, or alone when nothing of the typed name could be kept. */
const named = (greeting: string, name: string) => (name ? `${greeting} ${name}` : greeting);

const T = {
  fr: {
    room: 'Chambre',
    arrival: 'Arrivée',
    departure: 'Départ',
    guests: 'Personnes',
    total: 'Total',
    message: 'Message',
    nights: (n: number) => (n > 1 ? `${n} nuits` : '1 nuit'),
    includes: 'Compris dans le prix',
    receivedSubject: (site: string) => `Votre demande de réservation — ${site}`,
    receivedTitle: 'Demande reçue',
    receivedIntro: (name: string) =>
      `${named('Bonjour', name)}, nous avons bien reçu votre demande de réservation. Elle n'est pas encore confirmée : nous vous répondons au plus vite.`,
    confirmedSubject: (site: string) => `Réservation confirmée — ${site}`,
    confirmedTitle: 'Réservation confirmée',
    confirmedIntro: (name: string) => `${named('Bonjour', name)}, votre réservation est confirmée. Nous nous réjouissons de vous accueillir.`,
    refusedSubject: (site: string) => `Votre demande de réservation — ${site}`,
    refusedTitle: 'Demande non acceptée',
    refusedIntro: (name: string) => `${named('Bonjour', name)}, nous sommes désolés : nous ne pouvons pas accepter votre demande pour ces dates.`,
    ownerMessage: 'Message de la maison',
    tax: 'Taxe de séjour',
    amount: 'Montant total',
    deposit: 'Acompte',
    balance: 'Solde',
    dueBy: (d: string) => `à régler au plus tard le ${d}`,
    address: 'Adresse',
    phone: 'Téléphone',
    checkIn: 'Arrivée à partir de',
    checkOut: 'Départ avant',
    cancellation: "Conditions d'annulation",
    replyHint: 'Vous pouvez répondre à ce message pour nous écrire.',
    changedSubject: (site: string) => `Votre réservation a été modifiée — ${site}`,
    changedTitle: 'Réservation modifiée',
    changedIntro: (name: string) => `Bonjour ${name}, votre réservation a été modifiée. Voici le séjour tel qu'il est désormais prévu.`,
    cancelledSubject: (site: string) => `Votre réservation est annulée — ${site}`,
    cancelledTitle: 'Réservation annulée',
    cancelledIntro: (name: string) => `Bonjour ${name}, votre réservation ci-dessous est annulée.`,
    messageSubject: (site: string) => `Message au sujet de votre séjour — ${site}`,
    messageTitle: 'Message de la maison',
    messageIntro: (name: string) => `Bonjour ${name}, voici un message au sujet de votre séjour.`,
    paymentSubject: (site: string) => `Votre réservation est acceptée : réglez l'acompte — ${site}`,
    paymentTitle: "Réglez l'acompte",
    paymentIntro: (name: string, deadline: string) =>
      `${named('Bonjour', name)}, votre demande est acceptée. Vos nuits sont réservées pour vous jusqu'au ${deadline} : réglez l'acompte par carte pour confirmer la réservation.`,
    payButton: "Régler l'acompte",
    expiredSubject: (site: string) => `Acompte non reçu : vos nuits sont libérées — ${site}`,
    expiredTitle: 'Réservation non confirmée',
    expiredIntro: (name: string) => `${named('Bonjour', name)}, l'acompte n'a pas été réglé à temps : les nuits ci-dessous ne vous sont plus réservées.`,
    lateSubject: (site: string) => `Paiement remboursé — ${site}`,
    lateTitle: 'Paiement remboursé',
    lateIntro: (name: string) =>
      `${named('Bonjour', name)}, votre paiement est arrivé alors que les nuits ne vous étaient plus réservées (délai dépassé ou réservation annulée). Nous vous le remboursons intégralement.`,
    duplicateSubject: (site: string) => `Paiement en double remboursé — ${site}`,
    duplicateIntro: (name: string) =>
      `${named('Bonjour', name)}, votre acompte avait déjà été réglé : ce second paiement vous est remboursé intégralement. Votre réservation reste confirmée.`,
    releasedSubject: (site: string) => `Réservation annulée : vos nuits ne sont plus réservées — ${site}`,
    releasedIntro: (name: string) =>
      `${named('Bonjour', name)}, la maison a annulé votre réservation en attente d'acompte : les nuits ci-dessous ne vous sont plus réservées et le lien de paiement n'est plus valable. Si un paiement nous parvient encore, il vous sera remboursé intégralement.`,
    paymentRetryIntro: (name: string, deadline: string) =>
      `${named('Bonjour', name)}, votre paiement n'a pas abouti. Vos nuits restent réservées pour vous jusqu'au ${deadline} : réglez l'acompte par carte pour confirmer la réservation.`,
    refundSubject: (site: string) => `Remboursement de votre acompte — ${site}`,
    refundTitle: 'Remboursement',
    refundIntro: (name: string, amount: string) => `${named('Bonjour', name)}, nous vous remboursons ${amount} sur la carte utilisée pour l'acompte.`,
  },
  en: {
    room: 'Room',
    arrival: 'Arrival',
    departure: 'Departure',
    guests: 'Guests',
    total: 'Total',
    message: 'Message',
    nights: (n: number) => (n > 1 ? `${n} nights` : '1 night'),
    includes: 'Included in the price',
    receivedSubject: (site: string) => `Your booking request — ${site}`,
    receivedTitle: 'Request received',
    receivedIntro: (name: string) =>
      `${named('Hello', name)}, we have received your booking request. It is not confirmed yet: we will reply as soon as we can.`,
    confirmedSubject: (site: string) => `Booking confirmed — ${site}`,
    confirmedTitle: 'Booking confirmed',
    confirmedIntro: (name: string) => `${named('Hello', name)}, your booking is confirmed. We look forward to welcoming you.`,
    refusedSubject: (site: string) => `Your booking request — ${site}`,
    refusedTitle: 'Request not accepted',
    refusedIntro: (name: string) => `${named('Hello', name)}, we are sorry: we cannot accept your request for these dates.`,
    ownerMessage: 'Message from the house',
    tax: 'Tourist tax',
    amount: 'Total amount',
    deposit: 'Deposit',
    balance: 'Balance',
    dueBy: (d: string) => `due by ${d}`,
    address: 'Address',
    phone: 'Phone',
    checkIn: 'Check-in from',
    checkOut: 'Check-out by',
    cancellation: 'Cancellation terms',
    replyHint: 'You can reply to this message to write to us.',
    changedSubject: (site: string) => `Your booking has been changed — ${site}`,
    changedTitle: 'Booking changed',
    changedIntro: (name: string) => `Hello ${name}, your booking has been changed. Here is your stay as it now stands.`,
    cancelledSubject: (site: string) => `Your booking is cancelled — ${site}`,
    cancelledTitle: 'Booking cancelled',
    cancelledIntro: (name: string) => `Hello ${name}, your booking below is cancelled.`,
    messageSubject: (site: string) => `About your stay — ${site}`,
    messageTitle: 'Message from the house',
    messageIntro: (name: string) => `Hello ${name}, here is a message about your stay.`,
    paymentSubject: (site: string) => `Your booking is accepted: pay the deposit — ${site}`,
    paymentTitle: 'Pay the deposit',
    paymentIntro: (name: string, deadline: string) =>
      `${named('Hello', name)}, your request is accepted. Your nights are held for you until ${deadline}: pay the deposit by card to confirm the booking.`,
    payButton: 'Pay the deposit',
    expiredSubject: (site: string) => `Deposit not received: your nights are released — ${site}`,
    expiredTitle: 'Booking not confirmed',
    expiredIntro: (name: string) => `${named('Hello', name)}, the deposit was not paid in time: the nights below are no longer held for you.`,
    lateSubject: (site: string) => `Payment refunded — ${site}`,
    lateTitle: 'Payment refunded',
    lateIntro: (name: string) =>
      `${named('Hello', name)}, your payment arrived when the nights were no longer held for you (the deadline had passed or the booking was cancelled). We are refunding it in full.`,
    duplicateSubject: (site: string) => `Duplicate payment refunded — ${site}`,
    duplicateIntro: (name: string) =>
      `${named('Hello', name)}, your deposit had already been paid: this second payment is refunded in full. Your booking remains confirmed.`,
    releasedSubject: (site: string) => `Booking cancelled: your nights are no longer held — ${site}`,
    releasedIntro: (name: string) =>
      `${named('Hello', name)}, the house has cancelled your booking awaiting its deposit: the nights below are no longer held for you and the payment link is no longer valid. Should a payment still reach us, it will be refunded in full.`,
    paymentRetryIntro: (name: string, deadline: string) =>
      `${named('Hello', name)}, your payment did not go through. Your nights are still held for you until ${deadline}: pay the deposit by card to confirm the booking.`,
    refundSubject: (site: string) => `Refund of your deposit — ${site}`,
    refundTitle: 'Refund',
    refundIntro: (name: string, amount: string) => `${named('Hello', name)}, we are refunding ${amount} to the card used for the deposit.`,
  },
  es: {
    room: 'Habitación',
    arrival: 'Llegada',
    departure: 'Salida',
    guests: 'Personas',
    total: 'Total',
    message: 'Mensaje',
    nights: (n: number) => (n > 1 ? `${n} noches` : '1 noche'),
    includes: 'Incluido en el precio',
    receivedSubject: (site: string) => `Su solicitud de reserva — ${site}`,
    receivedTitle: 'Solicitud recibida',
    receivedIntro: (name: string) =>
      `${named('Hola', name)}, hemos recibido su solicitud de reserva. Todavía no está confirmada: le responderemos lo antes posible.`,
    confirmedSubject: (site: string) => `Reserva confirmada — ${site}`,
    confirmedTitle: 'Reserva confirmada',
    confirmedIntro: (name: string) => `${named('Hola', name)}, su reserva está confirmada. Será un placer recibirle.`,
    refusedSubject: (site: string) => `Su solicitud de reserva — ${site}`,
    refusedTitle: 'Solicitud no aceptada',
    refusedIntro: (name: string) => `${named('Hola', name)}, lo sentimos: no podemos aceptar su solicitud para estas fechas.`,
    ownerMessage: 'Mensaje de la casa',
    tax: 'Tasa turística',
    amount: 'Importe total',
    deposit: 'Depósito',
    balance: 'Saldo',
    dueBy: (d: string) => `a pagar a más tardar el ${d}`,
    address: 'Dirección',
    phone: 'Teléfono',
    checkIn: 'Llegada a partir de',
    checkOut: 'Salida antes de',
    cancellation: 'Condiciones de cancelación',
    replyHint: 'Puede responder a este mensaje para escribirnos.',
    changedSubject: (site: string) => `Su reserva ha sido modificada — ${site}`,
    changedTitle: 'Reserva modificada',
    changedIntro: (name: string) => `Hola ${name}, su reserva ha sido modificada. Este es su estancia tal como queda ahora.`,
    cancelledSubject: (site: string) => `Su reserva está cancelada — ${site}`,
    cancelledTitle: 'Reserva cancelada',
    cancelledIntro: (name: string) => `Hola ${name}, su reserva a continuación está cancelada.`,
    messageSubject: (site: string) => `Sobre su estancia — ${site}`,
    messageTitle: 'Mensaje de la casa',
    messageIntro: (name: string) => `Hola ${name}, le enviamos un mensaje sobre su estancia.`,
    paymentSubject: (site: string) => `Su reserva está aceptada: pague el depósito — ${site}`,
    paymentTitle: 'Pague el depósito',
    paymentIntro: (name: string, deadline: string) =>
      `${named('Hola', name)}, su solicitud está aceptada. Sus noches quedan reservadas hasta el ${deadline}: pague el depósito con tarjeta para confirmar la reserva.`,
    payButton: 'Pagar el depósito',
    expiredSubject: (site: string) => `Depósito no recibido: sus noches quedan libres — ${site}`,
    expiredTitle: 'Reserva no confirmada',
    expiredIntro: (name: string) => `${named('Hola', name)}, el depósito no se pagó a tiempo: las noches siguientes ya no están reservadas para usted.`,
    lateSubject: (site: string) => `Pago reembolsado — ${site}`,
    lateTitle: 'Pago reembolsado',
    lateIntro: (name: string) =>
      `${named('Hola', name)}, su pago llegó cuando las noches ya no estaban reservadas para usted (el plazo había vencido o la reserva se había cancelado). Le reembolsamos el importe íntegro.`,
    duplicateSubject: (site: string) => `Pago duplicado reembolsado — ${site}`,
    duplicateIntro: (name: string) =>
      `${named('Hola', name)}, su depósito ya estaba pagado: este segundo pago se le reembolsa íntegramente. Su reserva sigue confirmada.`,
    releasedSubject: (site: string) => `Reserva cancelada: sus noches ya no están reservadas — ${site}`,
    releasedIntro: (name: string) =>
      `${named('Hola', name)}, la casa ha cancelado su reserva pendiente del depósito: las noches siguientes ya no están reservadas para usted y el enlace de pago ya no es válido. Si aún nos llegara un pago, se le reembolsará íntegramente.`,
    paymentRetryIntro: (name: string, deadline: string) =>
      `${named('Hola', name)}, su pago no se ha completado. Sus noches siguen reservadas hasta el ${deadline}: pague el depósito con tarjeta para confirmar la reserva.`,
    refundSubject: (site: string) => `Reembolso de su depósito — ${site}`,
    refundTitle: 'Reembolso',
    refundIntro: (name: string, amount: string) => `${named('Hola', name)}, le reembolsamos ${amount} en la tarjeta utilizada para el depósito.`,
  },
  de: {
    room: 'Zimmer',
    arrival: 'Anreise',
    departure: 'Abreise',
    guests: 'Personen',
    total: 'Gesamt',
    message: 'Nachricht',
    nights: (n: number) => (n > 1 ? `${n} Nächte` : '1 Nacht'),
    includes: 'Im Preis inbegriffen',
    receivedSubject: (site: string) => `Ihre Buchungsanfrage — ${site}`,
    receivedTitle: 'Anfrage erhalten',
    receivedIntro: (name: string) =>
      `${named('Guten Tag', name)}, wir haben Ihre Buchungsanfrage erhalten. Sie ist noch nicht bestätigt: wir antworten Ihnen so bald wie möglich.`,
    confirmedSubject: (site: string) => `Buchung bestätigt — ${site}`,
    confirmedTitle: 'Buchung bestätigt',
    confirmedIntro: (name: string) => `${named('Guten Tag', name)}, Ihre Buchung ist bestätigt. Wir freuen uns auf Ihren Besuch.`,
    refusedSubject: (site: string) => `Ihre Buchungsanfrage — ${site}`,
    refusedTitle: 'Anfrage nicht angenommen',
    refusedIntro: (name: string) => `${named('Guten Tag', name)}, es tut uns leid: wir können Ihre Anfrage für diese Daten nicht annehmen.`,
    ownerMessage: 'Nachricht des Hauses',
    tax: 'Kurtaxe',
    amount: 'Gesamtbetrag',
    deposit: 'Anzahlung',
    balance: 'Restbetrag',
    dueBy: (d: string) => `fällig bis ${d}`,
    address: 'Adresse',
    phone: 'Telefon',
    checkIn: 'Anreise ab',
    checkOut: 'Abreise bis',
    cancellation: 'Stornobedingungen',
    replyHint: 'Sie können auf diese Nachricht antworten, um uns zu schreiben.',
    changedSubject: (site: string) => `Ihre Buchung wurde geändert — ${site}`,
    changedTitle: 'Buchung geändert',
    changedIntro: (name: string) => `Guten Tag ${name}, Ihre Buchung wurde geändert. Hier ist Ihr Aufenthalt, wie er jetzt geplant ist.`,
    cancelledSubject: (site: string) => `Ihre Buchung ist storniert — ${site}`,
    cancelledTitle: 'Buchung storniert',
    cancelledIntro: (name: string) => `Guten Tag ${name}, Ihre unten stehende Buchung ist storniert.`,
    messageSubject: (site: string) => `Zu Ihrem Aufenthalt — ${site}`,
    messageTitle: 'Nachricht des Hauses',
    messageIntro: (name: string) => `Guten Tag ${name}, hier ist eine Nachricht zu Ihrem Aufenthalt.`,
    paymentSubject: (site: string) => `Ihre Buchung ist angenommen: zahlen Sie die Anzahlung — ${site}`,
    paymentTitle: 'Anzahlung zahlen',
    paymentIntro: (name: string, deadline: string) =>
      `${named('Guten Tag', name)}, Ihre Anfrage ist angenommen. Ihre Nächte sind bis ${deadline} für Sie reserviert: zahlen Sie die Anzahlung per Karte, um die Buchung zu bestätigen.`,
    payButton: 'Anzahlung zahlen',
    expiredSubject: (site: string) => `Anzahlung nicht erhalten: Ihre Nächte sind freigegeben — ${site}`,
    expiredTitle: 'Buchung nicht bestätigt',
    expiredIntro: (name: string) =>
      `${named('Guten Tag', name)}, die Anzahlung wurde nicht rechtzeitig gezahlt: die folgenden Nächte sind nicht mehr für Sie reserviert.`,
    lateSubject: (site: string) => `Zahlung erstattet — ${site}`,
    lateTitle: 'Zahlung erstattet',
    lateIntro: (name: string) =>
      `${named('Guten Tag', name)}, Ihre Zahlung kam, als die Nächte nicht mehr für Sie reserviert waren (die Frist war abgelaufen oder die Buchung storniert). Wir erstatten sie vollständig.`,
    duplicateSubject: (site: string) => `Doppelte Zahlung erstattet — ${site}`,
    duplicateIntro: (name: string) =>
      `${named('Guten Tag', name)}, Ihre Anzahlung war bereits bezahlt: diese zweite Zahlung wird vollständig erstattet. Ihre Buchung bleibt bestätigt.`,
    releasedSubject: (site: string) => `Buchung storniert: Ihre Nächte sind nicht mehr reserviert — ${site}`,
    releasedIntro: (name: string) =>
      `${named('Guten Tag', name)}, das Haus hat Ihre Buchung, die auf die Anzahlung wartete, storniert: die folgenden Nächte sind nicht mehr für Sie reserviert und der Zahlungslink ist nicht mehr gültig. Sollte uns noch eine Zahlung erreichen, wird sie vollständig erstattet.`,
    paymentRetryIntro: (name: string, deadline: string) =>
      `${named('Guten Tag', name)}, Ihre Zahlung ist nicht durchgegangen. Ihre Nächte sind weiterhin bis ${deadline} für Sie reserviert: zahlen Sie die Anzahlung per Karte, um die Buchung zu bestätigen.`,
    refundSubject: (site: string) => `Erstattung Ihrer Anzahlung — ${site}`,
    refundTitle: 'Erstattung',
    refundIntro: (name: string, amount: string) => `${named('Guten Tag', name)}, wir erstatten ${amount} auf die für die Anzahlung verwendete Karte.`,
  },
} satisfies Record<MailLanguage, unknown>;

export interface BookingMailFacts {
  roomName: string;
  siteName: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  message: string | null;
  quote: Pick<Quote, 'arrival' | 'departure' | 'guests' | 'lines' | 'totalCents'> &
    Partial<Pick<Quote, 'adults' | 'children' | 'taxLine' | 'taxCents' | 'amountCents' | 'depositCents' | 'balanceCents' | 'balanceDueDate'>>;
  /** The booking's money as it stands (the guest's mails): deposit and its nature, transfer, what a cancellation keeps and refunds. */
  money?: MailMoney;
  /** What the price includes in the guest's language (« petit-déjeuner inclus · Wi-Fi inclus »): said with every price. */
  priceIncludes?: string;
  /** The house's practical facts, for the confirmation (address, phone, times, cancellation terms as text). */
  practical?: {
    address: string | null;
    /** As the guest dials it: international when they are abroad (content/phones.ts). */
    phone: string | null;
    /** Its tel: link, always international. */
    phoneHref?: string;
    checkInTime: string | null;
    checkOutTime: string | null;
    cancellationText: string;
  };
}

/**
 * Tax and the amount in all; then, for the guest (`facts.money`), the deposit named for its
 * nature and what this moment of the stay says of the money (money-mails.ts); for the owners,
 * the deposit and balance as quoted.
 */
function moneyRows(facts: BookingMailFacts, language: string, moment: MoneyMoment = 'other'): MailRow[] {
  const t = T[mailLanguage(language)];
  const q = facts.quote;
  if (q.amountCents === undefined) return [];
  const rows: MailRow[] = [];
  if (q.taxLine) rows.push(lineRow(q.taxLine, language));
  else if (q.taxCents) rows.push({ label: t.tax, value: euros(q.taxCents, language) });
  if (q.taxCents) rows.push({ label: t.amount, value: euros(q.amountCents, language) });
  if (facts.money) return [...rows, ...stayMoneyRows(facts.money, moment, language, (date) => formatNight(date, language))];
  if (q.depositCents) rows.push({ label: t.deposit, value: euros(q.depositCents, language) });
  if (q.depositCents && q.balanceCents !== undefined) {
    rows.push({
      label: t.balance,
      value: `${euros(q.balanceCents, language)}${q.balanceDueDate ? ` (${t.dueBy(formatNight(q.balanceDueDate, language))})` : ''}`,
    });
  }
  return rows;
}

function practicalRows(facts: BookingMailFacts, language: string): MailRow[] {
  const t = T[mailLanguage(language)];
  const p = facts.practical;
  if (!p) return [];
  const rows: MailRow[] = [];
  if (p.checkInTime) rows.push({ label: t.checkIn, value: p.checkInTime });
  if (p.checkOutTime) rows.push({ label: t.checkOut, value: p.checkOutTime });
  if (p.address) rows.push({ label: t.address, value: p.address });
  if (p.phone) rows.push({ label: t.phone, value: p.phone, href: p.phoneHref ?? telHref(p.phone) });
  if (p.cancellationText) rows.push({ label: t.cancellation, value: p.cancellationText });
  return rows;
}

/** A quote line as a mail's row: what it is, how it is counted and its amount (quote-lines.ts words it). */
function lineRow(line: Quote['lines'][number], language: string): MailRow {
  const words = describeQuoteLine(line, language);
  return { label: words.label, value: words.detail ? `${words.detail} = ${words.amount}` : words.amount };
}

function quoteRows(facts: BookingMailFacts, language: string, moment: MoneyMoment = 'other'): MailRow[] {
  const t = T[mailLanguage(language)];
  const { quote } = facts;
  return [
    { label: t.room, value: facts.roomName },
    { label: t.arrival, value: formatNight(quote.arrival, language) },
    { label: t.departure, value: formatNight(quote.departure, language) },
    { label: t.guests, value: quote.adults === undefined ? String(quote.guests) : describeGuests(quote.adults, quote.children ?? 0, language) },
    ...quote.lines.map((line) => lineRow(line, language)),
    { label: t.total, value: euros(quote.totalCents, language) },
    ...moneyRows(facts, language, moment),
    ...(facts.priceIncludes ? [{ label: t.includes, value: facts.priceIncludes }] : []),
  ];
}

/** What each of the guest's mails says of the money. */
const MOMENTS: Partial<Record<GuestMailKind, MoneyMoment>> = {
  received: 'request',
  confirmed: 'confirmed',
  changed: 'changed',
  cancelled: 'cancelled',
  hold_released: 'cancelled',
  payment_expired: 'cancelled',
};

/**
 * The guest's name in a mail: whole once the owner has accepted or recorded the stay; before
 * that (the acknowledgement, a refusal, to an address nobody checked) only what is
 * recognisable of it (mail/recognisable-name.ts, README "Security limits").
 */
export const greetedName = (typed: string, ownerVouched: boolean) => (ownerVouched ? headerText(typed, 100) : recognisableName(typed));

export type GuestMailKind =
  | 'received'
  | 'confirmed'
  | 'refused'
  | 'changed'
  | 'cancelled'
  | 'message'
  | 'payment_expired'
  | 'late_payment_refunded'
  | 'duplicate_payment_refunded'
  | 'hold_released';

/**
 * A mail to the guest in their language. `note` is the owner's own words: the refusal's
 * or cancellation's optional message, or the body of a message from the booking page.
 * The confirmation and a change carry the practical facts and the cancellation terms.
 */
export function renderGuestBookingMail(kind: GuestMailKind, facts: BookingMailFacts, language: string, note?: string | null): RenderedMail {
  const t = T[mailLanguage(language)];
  const name = greetedName(facts.guestName, kind !== 'received' && kind !== 'refused');
  const rows = quoteRows(facts, language, MOMENTS[kind]);
  if (kind === 'confirmed' || kind === 'changed') rows.push(...practicalRows(facts, language));
  if (note?.trim()) rows.push({ label: t.ownerMessage, value: note.trim() });
  const texts: Record<GuestMailKind, [string, string, string]> = {
    received: [t.receivedSubject(facts.siteName), t.receivedTitle, t.receivedIntro(name)],
    confirmed: [t.confirmedSubject(facts.siteName), t.confirmedTitle, t.confirmedIntro(name)],
    refused: [t.refusedSubject(facts.siteName), t.refusedTitle, t.refusedIntro(name)],
    changed: [t.changedSubject(facts.siteName), t.changedTitle, t.changedIntro(name)],
    cancelled: [t.cancelledSubject(facts.siteName), t.cancelledTitle, t.cancelledIntro(name)],
    message: [t.messageSubject(facts.siteName), t.messageTitle, t.messageIntro(name)],
    payment_expired: [t.expiredSubject(facts.siteName), t.expiredTitle, t.expiredIntro(name)],
    late_payment_refunded: [t.lateSubject(facts.siteName), t.lateTitle, t.lateIntro(name)],
    duplicate_payment_refunded: [t.duplicateSubject(facts.siteName), t.lateTitle, t.duplicateIntro(name)],
    hold_released: [t.releasedSubject(facts.siteName), t.cancelledTitle, t.releasedIntro(name)],
  };
  const [subject, title, intro] = texts[kind];
  return { subject: headerText(subject), ...renderTableMail(title, `${intro} ${t.replyHint}`, rows, undefined, mailLanguage(language)) };
}

/** The owners' notification, in French, with the quote and the way to answer. */
export function renderOwnerBookingMail(facts: BookingMailFacts, language: string, publicUrl: string): RenderedMail {
  const email = mailboxAddress(facts.guestEmail);
  const phone = facts.guestPhone?.trim() ?? '';
  const nights = daysBetween(facts.quote.arrival, facts.quote.departure);
  const { text, html } = renderTableMail(
    'Nouvelle demande de réservation',
    `${headerText(facts.guestName, 100)} demande ${nights > 1 ? `${nights} nuits` : '1 nuit'} dans « ${facts.roomName} ». La demande attend votre réponse dans Réservations.`,
    [
      ...quoteRows(facts, 'fr'),
      { label: 'Nom', value: facts.guestName.trim() },
      { label: 'E-mail', value: facts.guestEmail.trim(), href: email ? `mailto:${email}` : undefined },
      { label: 'Téléphone', value: phone || '—', href: phone ? telHref(phone) : undefined },
      { label: 'Langue', value: frenchLanguageName(language) },
      { label: 'Message', value: facts.message?.trim() || '—' },
    ],
    { text: 'Répondre dans Réservations', href: `${publicUrl.replace(/\/+$/, '')}/admin/reservations` },
  );
  return { subject: headerText(`Demande de réservation de ${facts.guestName.trim()}`), text, html };
}

/**
 * The deposit request (issue 36): the stay, the deadline and the link that opens the card
 * payment. `afterFailure`: sent again because a delayed payment failed (issue 51).
 */
export function renderDepositRequestMail(
  facts: BookingMailFacts,
  language: string,
  payUrl: string,
  expiresAt: Date,
  options: { afterFailure?: boolean } = {},
): RenderedMail {
  const lang = mailLanguage(language);
  const t = T[lang];
  const deadline = ownerTime(expiresAt, 'full', lang);
  const say = options.afterFailure ? t.paymentRetryIntro : t.paymentIntro;
  const intro = `${say(greetedName(facts.guestName, true), deadline)} ${t.replyHint}`;
  return {
    subject: headerText(t.paymentSubject(facts.siteName)),
    ...renderTableMail(t.paymentTitle, intro, quoteRows(facts, language, 'request'), { text: t.payButton, href: payUrl }, lang),
  };
}

/** The owner's refund of a card deposit, told to the guest with the amount and the owner's reason. */
export function renderRefundMail(facts: BookingMailFacts, language: string, amountCents: number, reason: string): RenderedMail {
  const lang = mailLanguage(language);
  const t = T[lang];
  const intro = `${t.refundIntro(greetedName(facts.guestName, true), euros(amountCents, language))} ${t.replyHint}`;
  const rows = [...quoteRows(facts, language), { label: t.ownerMessage, value: reason.trim() }];
  return { subject: headerText(t.refundSubject(facts.siteName)), ...renderTableMail(t.refundTitle, intro, rows, undefined, lang) };
}

/** What the owners read when a card deposit arrives, a hold expires or a late payment is refunded. */
export function renderOwnerDepositMail(
  kind: 'paid' | 'expired' | 'late_refunded',
  facts: BookingMailFacts,
  publicUrl: string,
  bookingId: string,
): RenderedMail {
  const who = headerText(facts.guestName, 100);
  const texts = {
    paid: [
      `Acompte reçu : ${who}`,
      'Acompte reçu, réservation confirmée',
      `${who} a réglé l'acompte par carte : la réservation dans « ${facts.roomName} » est confirmée.`,
    ],
    expired: [
      `Acompte non reçu : ${who}`,
      'Délai de paiement dépassé',
      `${who} n'a pas réglé l'acompte à temps : les nuits dans « ${facts.roomName} » sont de nouveau libres.`,
    ],
    late_refunded: [
      `Paiement remboursé automatiquement : ${who}`,
      'Paiement remboursé automatiquement',
      `${who} a payé alors que les nuits dans « ${facts.roomName} » ne lui étaient plus réservées (délai dépassé, réservation annulée) ou que l'acompte était déjà réglé : le paiement est remboursé automatiquement.`,
    ],
  }[kind];
  const { text, html } = renderTableMail(texts[1]!, texts[2]!, quoteRows(facts, 'fr'), {
    text: 'Ouvrir la réservation',
    href: `${publicUrl.replace(/\/+$/, '')}/admin/booking/${bookingId}`,
  });
  return { subject: headerText(texts[0]!), text, html };
}

/* ───────────── the mails of a booking's steps ───────────── */

/** The occurrence of a mail sent once per step of its kind (each change, each message): the step's history line. */
export const EACH_STEP = Symbol('each step');

/**
 * One mail of a step, as the trail (stays/trail.ts) writes it with the step's facts:
 * its name and occurrence make the outbox's idempotency key `booking:<id>:<name>[:<occurrence>]`.
 */
export interface StepMail {
  name: string;
  occurrence?: string | typeof EACH_STEP;
  render: (facts: BookingMailFacts, language: string) => RenderedMail;
  /** Files sent with it (a note's PDF). */
  attachments?: MailAttachment[];
}

/**
 * A reminder of the deposit or the balance, in the guest's language: what remains, how to
 * pay it by transfer (and by card through `facts.money.payUrl` when Stripe is on).
 */
export function renderReminderMail(kind: 'deposit' | 'balance', facts: BookingMailFacts, language: string): RenderedMail {
  const lang = mailLanguage(language);
  const t = T[lang];
  const w = moneyWords(lang);
  const money = facts.money!;
  const name = greetedName(facts.guestName, true);
  const [subject, title, intro] =
    kind === 'deposit'
      ? [
          w.depositReminderSubject(facts.siteName),
          w.depositReminderTitle,
          w.depositReminderIntro(name, w.nature[money.depositNature], money.depositDueDate ? formatNight(money.depositDueDate, lang) : ''),
        ]
      : [
          w.balanceReminderSubject(facts.siteName),
          w.balanceReminderTitle,
          w.balanceReminderIntro(name, formatNight(money.balanceDueDate ?? facts.quote.arrival, lang)),
        ];
  const rows = quoteRows(facts, lang, kind === 'deposit' ? 'deposit-reminder' : 'balance-reminder');
  const footer = money.payUrl ? { text: w.payCard, href: money.payUrl } : undefined;
  return { subject: headerText(subject), ...renderTableMail(title, `${intro} ${t.replyHint}`, rows, footer, lang) };
}

/** The mail that carries a stay's note (its PDF attached). */
export function renderNoteMail(facts: BookingMailFacts, language: string, number: string): RenderedMail {
  const lang = mailLanguage(language);
  const t = T[lang];
  const w = moneyWords(lang);
  const intro = `${w.noteIntro(greetedName(facts.guestName, true), number)} ${t.replyHint}`;
  const rows = [
    { label: t.room, value: facts.roomName },
    { label: t.arrival, value: formatNight(facts.quote.arrival, lang) },
    { label: t.departure, value: formatNight(facts.quote.departure, lang) },
  ];
  return { subject: headerText(w.noteSubject(facts.siteName, number)), ...renderTableMail(w.noteTitle, intro, rows, undefined, lang) };
}

/** A reminder of the deposit or the balance (one per planned message: its key). */
export const reminderMail = (kind: 'deposit' | 'balance', plannedKey: string): StepMail => ({
  name: `${kind}-reminder`,
  occurrence: plannedKey,
  render: (facts, language) => renderReminderMail(kind, facts, language),
});

/** The guest's note, its PDF attached (one mail per note). */
export const noteMail = (number: string, pdf: MailAttachment): StepMail => ({
  name: 'note',
  occurrence: number,
  render: (facts, language) => renderNoteMail(facts, language, number),
  attachments: [pdf],
});

/** The guest's booking mail of this kind, with the owner's words (a refusal's, a cancellation's, a message). */
export const guestMail = (kind: GuestMailKind, note?: string | null, occurrence?: string): StepMail => ({
  name: kind,
  occurrence: occurrence ?? (kind === 'changed' || kind === 'message' ? EACH_STEP : undefined),
  render: (facts, language) => renderGuestBookingMail(kind, facts, language, note),
});

/**
 * The guest's link to pay the deposit, with the hold's deadline; `afterFailedSession`: sent
 * again because that session's delayed payment failed (one mail per such session).
 */
export const depositRequestMail = (payUrl: string, expiresAt: Date, afterFailedSession?: string): StepMail => ({
  name: 'deposit-request',
  occurrence: afterFailedSession,
  render: (facts, language) => renderDepositRequestMail(facts, language, payUrl, expiresAt, { afterFailure: Boolean(afterFailedSession) }),
});

/** The guest told of the owner's refund (each refund its own mail). */
export const refundMail = (amountCents: number, reason: string, refundId: string): StepMail => ({
  name: 'refund',
  occurrence: refundId,
  render: (facts, language) => renderRefundMail(facts, language, amountCents, reason),
});

/** The owners told of a new request. */
export const ownerRequestMail = (): StepMail => ({
  name: 'owner',
  render: (facts, language) => renderOwnerBookingMail(facts, language, config().PUBLIC_URL),
});

/** The owners told what became of a card deposit. */
export const ownerDepositMail = (kind: 'paid' | 'expired' | 'late_refunded', bookingId: string): StepMail => ({
  name: `owner-deposit-${kind}`,
  render: (facts) => renderOwnerDepositMail(kind, facts, config().PUBLIC_URL, bookingId),
});
