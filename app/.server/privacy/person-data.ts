// One person's data, found by the e-mail address they wrote from (RGPD art. 15, 17, 20):
// what the site holds of them (contact messages, booking requests and stays with their
// payments and the owner's messages, guest-book testimonials, mails), exported as JSON or
// CSV, and erased on request — except what accounting law requires of a stay (its dates,
// room and amounts, its payments: 10 years, Code de commerce L123-22), whose guest details
// are blanked instead (retention.ts's anonymiseBookings). The erasure is recorded in
// personal_data_log, with the address masked.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { db } from '../db/client';
import { bookingEvents, bookingPayments, bookings, contactMessages, mailOutbox, personalDataLog, profiles, testimonials, user } from '../db/schema';
import { roomNamesFr } from '../content/rooms';
import { config } from '../environment';
import { csvText } from '../http/csv';
import { refuse, type Refusal } from '../rule-refusal';
import { anonymiseBookings, IS_STAY } from './retention';
import { dateInZone } from '~/lib/nights';
import { bookingStatusLabel } from '~/lib/stays';

/** Why a stay's figures outlive an erasure: said on the screen and in the export. */
export const ACCOUNTING_REASON =
  'Pièces comptables : les dates, la chambre, les montants et les paiements d’un séjour sont conservés 10 ans (Code de commerce, art. L123-22) ; le nom, l’e-mail, le téléphone et les messages sont effacés.';

export const PERSON_DATA_RULES = {
  stayUnderWay:
    'Cette personne a une demande en cours ou un séjour à venir : ses données servent encore à ce séjour. Effacez-les après son départ, ou annulez d’abord la réservation.',
} as const;

const addressOf = (email: string) => email.trim().toLowerCase();
const sameAddress = (column: AnyPgColumn, address: string) => sql`lower(${column}) = ${address}`;

/** "c•••@example.com": enough to match a request to its record, not a copy of the address. */
export const maskAddress = (address: string) => address.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');

/** Everything the site holds of the person writing from `email`. */
export async function findPersonData(email: string) {
  const address = addressOf(email);
  const [messages, requests, reviews, mails, [account]] = await Promise.all([
    db.select().from(contactMessages).where(sameAddress(contactMessages.email, address)).orderBy(asc(contactMessages.createdAt)),
    db
      .select()
      .from(bookings)
      .where(and(sameAddress(bookings.guestEmail, address), sql`${bookings.anonymisedAt} is null`))
      .orderBy(asc(bookings.arrival)),
    db.select().from(testimonials).where(sameAddress(testimonials.email, address)).orderBy(asc(testimonials.createdAt)),
    db
      .select({ createdAt: mailOutbox.createdAt, subject: mailOutbox.subject, textBody: mailOutbox.textBody, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(sql`exists (select 1 from unnest(${mailOutbox.recipients}) r where lower(r) = ${address}) or lower(${mailOutbox.replyTo}) = ${address}`)
      .orderBy(asc(mailOutbox.createdAt)),
    db
      .select({ role: profiles.role, createdAt: user.createdAt })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(sameAddress(user.email, address))
      .limit(1),
  ]);
  const ids = requests.map((b) => b.id);
  const [payments, events, roomName] = await Promise.all([
    ids.length ? db.select().from(bookingPayments).where(inArray(bookingPayments.bookingId, ids)) : [],
    ids.length
      ? db
          .select()
          .from(bookingEvents)
          .where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.kind, 'message')))
          .orderBy(asc(bookingEvents.createdAt))
      : [],
    roomNamesFr(),
  ]);
  const stays = new Set((await listStayIds(ids)).map((r) => r.id));
  return {
    email: address,
    contactMessages: messages.map((m) => ({
      sentAt: m.createdAt.toISOString(),
      name: m.name,
      email: m.email,
      phone: m.phone,
      dates: m.dates,
      guests: m.guests,
      message: m.message,
      language: m.language,
    })),
    bookings: requests.map((b) => ({
      reference: b.id,
      kind: stays.has(b.id) ? ('stay' as const) : ('request' as const),
      status: b.status,
      statusLabel: bookingStatusLabel(b.status),
      room: roomName.get(b.roomId) ?? 'Chambre supprimée',
      arrival: b.arrival,
      departure: b.departure,
      guests: b.guests,
      children: b.children,
      name: b.guestName,
      email: b.guestEmail,
      phone: b.guestPhone,
      message: b.message,
      language: b.language,
      requestedAt: b.createdAt.toISOString(),
      totalCents: b.totalCents,
      taxCents: b.taxCents,
      depositCents: b.depositCents,
      refusalMessage: b.refusalMessage,
      payments: payments
        .filter((p) => p.bookingId === b.id)
        .map((p) => ({ kind: p.kind, amountCents: p.amountCents, receivedOn: p.receivedOn, means: p.means, stripeReference: p.stripeReference })),
      messagesFromOwner: events
        .filter((e) => e.bookingId === b.id)
        .map((e) => ({ sentAt: e.createdAt.toISOString(), text: String((e.details as { body?: string }).body ?? '') })),
    })),
    testimonials: reviews.map((t) => ({
      sentAt: t.createdAt.toISOString(),
      name: t.name,
      email: t.email,
      country: t.country,
      rating: t.rating,
      message: t.message,
      published: t.isPublished,
    })),
    mails: mails.map((m) => ({ createdAt: m.createdAt.toISOString(), subject: m.subject, sent: m.sentAt !== null, text: m.textBody })),
    account: account ? { role: account.role ?? 'user', createdAt: account.createdAt.toISOString() } : null,
  };
}
export type PersonData = Awaited<ReturnType<typeof findPersonData>>;

/** The bookings among `ids` that are stays in the accounting sense (kept, blanked, on erasure). */
async function listStayIds(ids: string[]) {
  if (ids.length === 0) return [];
  const found = await db.execute<{ id: string }>(
    sql`select b.id from bookings b where b.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${IS_STAY}`,
  );
  return found.rows;
}

/** Whether a request awaits an answer or a stay is not over: the person's data still serves it. */
const isUnderWay = (booking: { departure: string; stay: boolean; status: string }, today: string) =>
  booking.departure >= today && (booking.stay || booking.status === 'pending');

/** What the Données personnelles card shows of a person before exporting or erasing. */
export function summarisePersonData(data: PersonData, today = dateInZone(new Date(), config().GUESTHOUSE_TIME_ZONE)) {
  const stays = data.bookings.filter((b) => b.kind === 'stay').length;
  return {
    email: data.email,
    found: data.contactMessages.length + data.bookings.length + data.testimonials.length + data.mails.length > 0,
    counts: {
      contactMessages: data.contactMessages.length,
      requests: data.bookings.length - stays,
      stays,
      testimonials: data.testimonials.length,
      mails: data.mails.length,
    },
    kept: stays ? ACCOUNTING_REASON : null,
    account: data.account !== null,
    underWay: data.bookings.some((b) => isUnderWay({ ...b, stay: b.kind === 'stay' }, today)),
  };
}
export type PersonSummary = ReturnType<typeof summarisePersonData>;

/** The JSON export: the data and, beside it, what an erasure would keep and why. */
export function personDataJson(data: PersonData, exportedAt = new Date()): string {
  const stays = data.bookings.filter((b) => b.kind === 'stay').length;
  return JSON.stringify(
    {
      exportedAt: exportedAt.toISOString(),
      ...data,
      onErasure: {
        erased: 'Messages de contact, demandes sans séjour, témoignages, courriels ; sur chaque séjour : nom, e-mail, téléphone et messages.',
        kept: stays ? ACCOUNTING_REASON : null,
        account: data.account ? 'Le compte d’accès au back-office se supprime dans Utilisateurs.' : null,
      },
    },
    null,
    2,
  );
}

/** The CSV export: one line per value (what, which record, when, which field, its value), as French spreadsheets read it. */
export function personDataCsv(data: PersonData): string {
  const rows: Array<Array<string | number>> = [['Catégorie', 'Référence', 'Date', 'Champ', 'Valeur']];
  const add = (category: string, reference: string, date: string, record: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(record)) {
      if (value === null || value === undefined || typeof value === 'object') continue;
      rows.push([category, reference, date, field, String(value)]);
    }
  };
  data.contactMessages.forEach((m, i) => add('Message de contact', `message ${i + 1}`, m.sentAt, m));
  for (const b of data.bookings) {
    const { payments, messagesFromOwner, ...booking } = b;
    add(b.kind === 'stay' ? 'Séjour' : 'Demande de réservation', b.reference, b.requestedAt, booking);
    payments.forEach((p, i) => add('Paiement', `${b.reference} paiement ${i + 1}`, p.receivedOn, p));
    messagesFromOwner.forEach((m, i) => add('Message de l’hôte', `${b.reference} message ${i + 1}`, m.sentAt, m));
  }
  data.testimonials.forEach((t, i) => add("Témoignage du livre d'or", `témoignage ${i + 1}`, t.sentAt, t));
  data.mails.forEach((m, i) => add('Courriel', `courriel ${i + 1}`, m.createdAt, m));
  if (data.account) add('Compte du back-office', data.email, data.account.createdAt, data.account);
  if (data.bookings.some((b) => b.kind === 'stay')) rows.push(['Conservé après effacement', '', '', 'raison', ACCOUNTING_REASON]);
  return csvText(rows);
}

/**
 * Erases the person's data in one transaction: deletes their contact messages,
 * testimonials, requests that never became stays and the mails to or from them, and
 * blanks their details on their stays (the figures stay). Refused while a request awaits
 * an answer or a stay is not over. Recorded, with the address masked.
 */
export async function erasePersonData(email: string, actor: string, now = new Date()): Promise<Record<string, number> | Refusal> {
  const address = addressOf(email);
  const today = dateInZone(now, config().GUESTHOUSE_TIME_ZONE);
  return db.transaction(async (tx) => {
    // The person's bookings, locked: a request accepted meanwhile is seen as under way.
    const theirs = await tx.execute<{ id: string; status: string; departure: string; stay: boolean }>(sql`
      select b.id, b.status, b.departure::text as departure, ${IS_STAY} as stay from bookings b
      where lower(b.guest_email) = ${address} and b.anonymised_at is null for update`);
    if (theirs.rows.some((b) => isUnderWay(b, today))) return refuse(PERSON_DATA_RULES.stayUnderWay);
    const requestIds = theirs.rows.filter((b) => !b.stay).map((b) => b.id);
    // The order of the nightly purge's counts (retention.ts), which the screens describe alike.
    const counts = {
      contactMessages: (await tx.delete(contactMessages).where(sameAddress(contactMessages.email, address))).rowCount ?? 0,
      bookingRequests: requestIds.length ? ((await tx.delete(bookings).where(inArray(bookings.id, requestIds))).rowCount ?? 0) : 0,
      stayGuests: await anonymiseBookings(tx, now, sql`lower(b.guest_email) = ${address}`),
      testimonials: (await tx.delete(testimonials).where(sameAddress(testimonials.email, address))).rowCount ?? 0,
      mails:
        (
          await tx
            .delete(mailOutbox)
            .where(sql`exists (select 1 from unnest(${mailOutbox.recipients}) r where lower(r) = ${address}) or lower(${mailOutbox.replyTo}) = ${address}`)
        ).rowCount ?? 0,
    };
    await tx.insert(personalDataLog).values({ kind: 'erasure', actor, subject: maskAddress(address), counts, createdAt: now });
    return counts;
  });
}

/** The last erasures, for Configuration (who, when, whose address masked, what went). */
export async function listRecentErasures(limit = 5) {
  return db
    .select({ createdAt: personalDataLog.createdAt, actor: personalDataLog.actor, subject: personalDataLog.subject, counts: personalDataLog.counts })
    .from(personalDataLog)
    .where(eq(personalDataLog.kind, 'erasure'))
    .orderBy(sql`${personalDataLog.createdAt} desc`)
    .limit(limit);
}
