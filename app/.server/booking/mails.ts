// Booking mails: the guest's acknowledgement, confirmation and refusal in the
// guest's language, and the owners' French notification with the quote. Texts
// live here rather than in the public catalogs, which ship to every browser.
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { formatPrice } from '~/lib/format';
import { utcMidnight, type IsoDate } from '~/lib/nights';
import { headerText, mailboxAddress, renderTableMail, telHref, type MailRow, type RenderedMail } from '../mail/compose';
import { recognisableName } from '../mail/recognisable-name';
import type { Quote } from './quote';
import { frenchLanguageName } from '~/lib/language-names';

export const MAIL_LANGUAGES = ['fr', 'en', 'es', 'de'] as const;
type MailLanguage = (typeof MAIL_LANGUAGES)[number];
const mailLanguage = (code: string): MailLanguage => ((MAIL_LANGUAGES as readonly string[]).includes(code) ? (code as MailLanguage) : 'en');

/** A night as the guest reads it ("samedi 4 juillet 2026"); the date is a calendar date, so UTC. */
export function formatNight(date: IsoDate, language: string): string {
  return dateTimeFormat(intlLocale(mailLanguage(language)), { dateStyle: 'full', timeZone: 'UTC' }).format(utcMidnight(date));
}

const euros = (cents: number, language: string) => formatPrice(cents / 100, language);
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
    base: 'Tarif de base',
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
  },
  en: {
    room: 'Room',
    arrival: 'Arrival',
    departure: 'Departure',
    guests: 'Guests',
    total: 'Total',
    message: 'Message',
    nights: (n: number) => (n > 1 ? `${n} nights` : '1 night'),
    base: 'Standard rate',
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
  },
  es: {
    room: 'Habitación',
    arrival: 'Llegada',
    departure: 'Salida',
    guests: 'Personas',
    total: 'Total',
    message: 'Mensaje',
    nights: (n: number) => (n > 1 ? `${n} noches` : '1 noche'),
    base: 'Tarifa base',
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
  },
  de: {
    room: 'Zimmer',
    arrival: 'Anreise',
    departure: 'Abreise',
    guests: 'Personen',
    total: 'Gesamt',
    message: 'Nachricht',
    nights: (n: number) => (n > 1 ? `${n} Nächte` : '1 Nacht'),
    base: 'Grundpreis',
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
    Partial<Pick<Quote, 'taxCents' | 'amountCents' | 'depositCents' | 'balanceCents' | 'balanceDueDate'>>;
  /** The house's practical facts, for the confirmation (address, phone, times, cancellation terms as text). */
  practical?: { address: string | null; phone: string | null; checkInTime: string | null; checkOutTime: string | null; cancellationText: string };
}

/** Tax, deposit, balance and its due date, when the stay has them. */
function moneyRows(facts: BookingMailFacts, language: string): MailRow[] {
  const t = T[mailLanguage(language)];
  const q = facts.quote;
  if (q.amountCents === undefined) return [];
  const rows: MailRow[] = [];
  if (q.taxCents) rows.push({ label: t.tax, value: euros(q.taxCents, language) });
  if (q.taxCents) rows.push({ label: t.amount, value: euros(q.amountCents, language) });
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
  if (p.phone) rows.push({ label: t.phone, value: p.phone, href: telHref(p.phone) });
  if (p.cancellationText) rows.push({ label: t.cancellation, value: p.cancellationText });
  return rows;
}

function quoteRows(facts: BookingMailFacts, language: string): MailRow[] {
  const t = T[mailLanguage(language)];
  const { quote } = facts;
  return [
    { label: t.room, value: facts.roomName },
    { label: t.arrival, value: formatNight(quote.arrival, language) },
    { label: t.departure, value: formatNight(quote.departure, language) },
    { label: t.guests, value: String(quote.guests) },
    ...quote.lines.map((line) => ({
      label: line.seasonName ?? t.base,
      value: `${t.nights(line.nights)} × ${euros(line.unitCents, language)} = ${euros(line.totalCents, language)}`,
    })),
    { label: t.total, value: euros(quote.totalCents, language) },
    ...moneyRows(facts, language),
  ];
}

export type GuestMailKind = 'received' | 'confirmed' | 'refused' | 'changed' | 'cancelled' | 'message';

/**
 * A mail to the guest in their language. `note` is the owner's own words: the refusal's
 * or cancellation's optional message, or the body of a message from the booking page.
 * The confirmation and a change carry the practical facts and the cancellation terms.
 */
export function renderGuestBookingMail(kind: GuestMailKind, facts: BookingMailFacts, language: string, note?: string | null): RenderedMail {
  const t = T[mailLanguage(language)];
  // The guest's mails go to the address typed in the form: only a recognisable name in them.
  const name = recognisableName(facts.guestName);
  const rows = quoteRows(facts, language);
  if (kind === 'confirmed' || kind === 'changed') rows.push(...practicalRows(facts, language));
  if (note?.trim()) rows.push({ label: t.ownerMessage, value: note.trim() });
  const texts: Record<GuestMailKind, [string, string, string]> = {
    received: [t.receivedSubject(facts.siteName), t.receivedTitle, t.receivedIntro(name)],
    confirmed: [t.confirmedSubject(facts.siteName), t.confirmedTitle, t.confirmedIntro(name)],
    refused: [t.refusedSubject(facts.siteName), t.refusedTitle, t.refusedIntro(name)],
    changed: [t.changedSubject(facts.siteName), t.changedTitle, t.changedIntro(name)],
    cancelled: [t.cancelledSubject(facts.siteName), t.cancelledTitle, t.cancelledIntro(name)],
    message: [t.messageSubject(facts.siteName), t.messageTitle, t.messageIntro(name)],
  };
  const [subject, title, intro] = texts[kind];
  return { subject: headerText(subject), ...renderTableMail(title, `${intro} ${t.replyHint}`, rows, undefined, mailLanguage(language)) };
}

/** The owners' notification, in French, with the quote and the way to answer. */
export function renderOwnerBookingMail(facts: BookingMailFacts, language: string, publicUrl: string): RenderedMail {
  const email = mailboxAddress(facts.guestEmail);
  const phone = facts.guestPhone?.trim() ?? '';
  const nights = facts.quote.lines.reduce((sum, l) => sum + l.nights, 0);
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
