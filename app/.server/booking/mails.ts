// Booking mails: the guest's acknowledgement, confirmation and refusal in the
// guest's language, and the owners' French notification with the quote. Texts
// live here rather than in the public catalogs, which ship to every browser.
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { formatPrice } from '~/lib/format';
import { utcMidnight, type IsoDate } from '~/lib/nights';
import { headerText, mailboxAddress, renderTableMail, telHref, type MailRow, type RenderedMail } from '../mail/compose';
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

const T = {
  fr: {
    room: 'Chambre', arrival: 'Arrivée', departure: 'Départ', guests: 'Personnes', total: 'Total', message: 'Message',
    nights: (n: number) => (n > 1 ? `${n} nuits` : '1 nuit'), base: 'Tarif de base',
    receivedSubject: (site: string) => `Votre demande de réservation — ${site}`,
    receivedTitle: 'Demande reçue',
    receivedIntro: (name: string) => `Bonjour ${name}, nous avons bien reçu votre demande de réservation. Elle n'est pas encore confirmée : nous vous répondons au plus vite.`,
    confirmedSubject: (site: string) => `Réservation confirmée — ${site}`,
    confirmedTitle: 'Réservation confirmée',
    confirmedIntro: (name: string) => `Bonjour ${name}, votre réservation est confirmée. Nous nous réjouissons de vous accueillir.`,
    refusedSubject: (site: string) => `Votre demande de réservation — ${site}`,
    refusedTitle: 'Demande non acceptée',
    refusedIntro: (name: string) => `Bonjour ${name}, nous sommes désolés : nous ne pouvons pas accepter votre demande pour ces dates.`,
    ownerMessage: 'Message de la maison',
  },
  en: {
    room: 'Room', arrival: 'Arrival', departure: 'Departure', guests: 'Guests', total: 'Total', message: 'Message',
    nights: (n: number) => (n > 1 ? `${n} nights` : '1 night'), base: 'Standard rate',
    receivedSubject: (site: string) => `Your booking request — ${site}`,
    receivedTitle: 'Request received',
    receivedIntro: (name: string) => `Hello ${name}, we have received your booking request. It is not confirmed yet: we will reply as soon as we can.`,
    confirmedSubject: (site: string) => `Booking confirmed — ${site}`,
    confirmedTitle: 'Booking confirmed',
    confirmedIntro: (name: string) => `Hello ${name}, your booking is confirmed. We look forward to welcoming you.`,
    refusedSubject: (site: string) => `Your booking request — ${site}`,
    refusedTitle: 'Request not accepted',
    refusedIntro: (name: string) => `Hello ${name}, we are sorry: we cannot accept your request for these dates.`,
    ownerMessage: 'Message from the house',
  },
  es: {
    room: 'Habitación', arrival: 'Llegada', departure: 'Salida', guests: 'Personas', total: 'Total', message: 'Mensaje',
    nights: (n: number) => (n > 1 ? `${n} noches` : '1 noche'), base: 'Tarifa base',
    receivedSubject: (site: string) => `Su solicitud de reserva — ${site}`,
    receivedTitle: 'Solicitud recibida',
    receivedIntro: (name: string) => `Hola ${name}, hemos recibido su solicitud de reserva. Todavía no está confirmada: le responderemos lo antes posible.`,
    confirmedSubject: (site: string) => `Reserva confirmada — ${site}`,
    confirmedTitle: 'Reserva confirmada',
    confirmedIntro: (name: string) => `Hola ${name}, su reserva está confirmada. Será un placer recibirle.`,
    refusedSubject: (site: string) => `Su solicitud de reserva — ${site}`,
    refusedTitle: 'Solicitud no aceptada',
    refusedIntro: (name: string) => `Hola ${name}, lo sentimos: no podemos aceptar su solicitud para estas fechas.`,
    ownerMessage: 'Mensaje de la casa',
  },
  de: {
    room: 'Zimmer', arrival: 'Anreise', departure: 'Abreise', guests: 'Personen', total: 'Gesamt', message: 'Nachricht',
    nights: (n: number) => (n > 1 ? `${n} Nächte` : '1 Nacht'), base: 'Grundpreis',
    receivedSubject: (site: string) => `Ihre Buchungsanfrage — ${site}`,
    receivedTitle: 'Anfrage erhalten',
    receivedIntro: (name: string) => `Guten Tag ${name}, wir haben Ihre Buchungsanfrage erhalten. Sie ist noch nicht bestätigt: wir antworten Ihnen so bald wie möglich.`,
    confirmedSubject: (site: string) => `Buchung bestätigt — ${site}`,
    confirmedTitle: 'Buchung bestätigt',
    confirmedIntro: (name: string) => `Guten Tag ${name}, Ihre Buchung ist bestätigt. Wir freuen uns auf Ihren Besuch.`,
    refusedSubject: (site: string) => `Ihre Buchungsanfrage — ${site}`,
    refusedTitle: 'Anfrage nicht angenommen',
    refusedIntro: (name: string) => `Guten Tag ${name}, es tut uns leid: wir können Ihre Anfrage für diese Daten nicht annehmen.`,
    ownerMessage: 'Nachricht des Hauses',
  },
} satisfies Record<MailLanguage, unknown>;

export interface BookingMailFacts {
  roomName: string;
  siteName: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  message: string | null;
  quote: Pick<Quote, 'arrival' | 'departure' | 'guests' | 'lines' | 'totalCents'>;
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
  ];
}

export type GuestMailKind = 'received' | 'confirmed' | 'refused';

export function renderGuestBookingMail(kind: GuestMailKind, facts: BookingMailFacts, language: string, refusalMessage?: string | null): RenderedMail {
  const t = T[mailLanguage(language)];
  const name = headerText(facts.guestName, 100);
  const rows = quoteRows(facts, language);
  if (kind === 'refused' && refusalMessage?.trim()) rows.push({ label: t.ownerMessage, value: refusalMessage.trim() });
  const [subject, title, intro] =
    kind === 'received'
      ? [t.receivedSubject(facts.siteName), t.receivedTitle, t.receivedIntro(name)]
      : kind === 'confirmed'
        ? [t.confirmedSubject(facts.siteName), t.confirmedTitle, t.confirmedIntro(name)]
        : [t.refusedSubject(facts.siteName), t.refusedTitle, t.refusedIntro(name)];
  return { subject: headerText(subject), ...renderTableMail(title, intro, rows, undefined, mailLanguage(language)) };
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
