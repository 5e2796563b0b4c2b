// A booking as a record the owner manages (issue 35): recorded by hand (phone,
// e-mail), changed (dates, room, guests), cancelled, its deposit and balance marked
// received, and messages written to the guest. Each action is one transaction that
// re-checks availability where nights move, writes its history (booking_events)
// and its outbox mail in the guest's language. Confirmed stays of one room never
// overlap: the exclusion constraint `bookings_confirmed_no_overlap` refuses the
// second of two concurrent writes, which the owner reads as "no longer free".
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { eachNight, formatNightFr, type IsoDate } from '~/lib/nights';
import { db, type Executor } from '../../db/client';
import { isExclusionViolation } from '../../db/errors';
import { isRefusal, refuse, type Refusal } from '../../rule-refusal';
import { bookingEvents, bookingPayments, bookings, type BookingSource, NIGHT_HOLDING_STATUSES, PAYMENT_KINDS, PAYMENT_MEANS } from '../../db/schema';
import { loadStayTerms } from '../../content/site-settings';
import { guesthouseToday } from '../../guesthouse-time';
import { mailFacts, queueGuestMail, recordBookingEvent } from './trail';
import { moneySnapshot } from './requests';
import { stayMoney, type Quote, type QuoteProblem } from '../pricing/quote';
import { quoteStay } from '../pricing/quote-inputs';

/** The booking written, or why not (app/.server/rule-refusal.ts). */
export type StayResult = { id: string } | Refusal;

export interface StayDetails {
  roomId: string;
  arrival: IsoDate;
  departure: IsoDate;
  guests: number;
  children: number;
  /** The owner's price for the nights, in cents, instead of the engine's; with its reason. */
  priceOverride?: { cents: number; reason: string } | null;
}

export interface RecordedGuest {
  name: string;
  email: string | null;
  phone: string | null;
  language: string;
  message: string | null;
}

/** A bound on the stays one list shows (four rooms: far more than a period holds). */
export const MAX_LISTED_STAYS = 500;

const NOT_FREE = 'Ces nuits ne sont plus libres';
const OVERLAP = refuse('Une autre réservation confirmée occupe déjà ces nuits');

/** What stops the owner, who may book what a guest may not (past minimum stay, beyond the horizon). */
function ownerProblem(problems: QuoteProblem[], options: { pastAllowed: boolean; priced: boolean }): string | null {
  for (const problem of problems) {
    switch (problem.code) {
      case 'invalid_dates':
      case 'departure_not_after_arrival':
        return "Le départ doit être après l'arrivée";
      case 'too_long':
        return `Un séjour compte ${problem.maxNights} nuits au plus`;
      case 'guests':
        return `Cette chambre accueille ${problem.maxGuests} ${problem.maxGuests > 1 ? 'personnes' : 'personne'} au plus`;
      case 'unavailable':
        return `${NOT_FREE} : ${problem.nights.map(formatNightFr).join(', ')}`;
      case 'past':
        if (!options.pastAllowed) return "L'arrivée ne peut pas être dans le passé";
        break;
      case 'no_price':
        if (!options.priced) return "Cette chambre n'a pas de prix pour ces nuits : indiquez un prix et sa raison";
        break;
      default:
        break;
    }
  }
  return null;
}

/** The engine's quote, or the owner's price with the same tax, deposit and balance rules. */
async function pricedStay(stay: StayDetails, chain: string[], tx: Executor, options: { excludeBookingId?: string; pastAllowed: boolean }) {
  const quote = await quoteStay(stay.roomId, stay, chain, tx, { excludeBookingId: options.excludeBookingId });
  if (!quote) return refuse('Chambre introuvable');
  const problem = ownerProblem(quote.problems, { pastAllowed: options.pastAllowed, priced: Boolean(stay.priceOverride) });
  if (problem) return refuse(problem);
  if (!stay.priceOverride) return { quote, override: null };
  const money = stayMoney(stay.priceOverride.cents, quote.nights.length, stay.guests - stay.children, {
    arrival: quote.arrival,
    today: guesthouseToday(),
    terms: await loadStayTerms(tx),
  });
  return { quote: { ...quote, ...money } satisfies Quote, override: stay.priceOverride };
}

const withViolation = async (work: () => Promise<StayResult>): Promise<StayResult> => {
  try {
    return await work();
  } catch (error) {
    if (isExclusionViolation(error)) return OVERLAP;
    throw error;
  }
};

/** A booking taken by phone or e-mail: confirmed at once, priced by the engine unless the owner says otherwise. */
export async function recordBooking(
  stay: StayDetails,
  guest: RecordedGuest,
  source: Exclude<BookingSource, 'site'>,
  actor: string | null,
): Promise<StayResult> {
  return withViolation(() =>
    db.transaction(async (tx) => {
      const priced = await pricedStay(stay, [guest.language, 'fr'], tx, { pastAllowed: false });
      if (isRefusal(priced)) return priced;
      const { quote, override } = priced;
      const values = {
        roomId: stay.roomId,
        guestName: guest.name.trim(),
        guestEmail: guest.email?.trim() ?? '',
        guestPhone: guest.phone?.trim() || null,
        message: guest.message?.trim() || null,
      };
      const [row] = await tx
        .insert(bookings)
        .values({
          ...values,
          status: 'confirmed',
          source,
          arrival: quote.arrival,
          departure: quote.departure,
          guests: quote.guests,
          children: stay.children,
          language: guest.language,
          ...moneySnapshot(quote),
          priceOverrideReason: override?.reason ?? null,
          quote: { ...quote, override },
          decidedAt: new Date(),
        })
        .returning({ id: bookings.id });
      const id = row!.id;
      await recordBookingEvent(tx, id, 'created', actor, { source, ...(override ? { priceOverride: override } : {}) });
      await queueGuestMail(tx, 'confirmed', id, guest.language, await mailFacts(values, quote, [guest.language, 'fr'], tx));
      return { id };
    }),
  );
}

async function lockConfirmed(tx: Executor, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!row) return refuse('Réservation introuvable');
  if (row.status !== 'confirmed') return refuse("Cette réservation n'est plus confirmée");
  return row;
}

/** New dates, room or guests: re-quoted by the engine (or the owner's price), re-checked in this transaction, the guest told. */
export async function changeBooking(id: string, stay: StayDetails, actor: string | null): Promise<StayResult> {
  return withViolation(() =>
    db.transaction(async (tx) => {
      const row = await lockConfirmed(tx, id);
      if (isRefusal(row)) return row;
      // A stay under way keeps its arrival: the owner may still move its departure.
      const priced = await pricedStay(stay, [row.language, 'fr'], tx, { excludeBookingId: id, pastAllowed: stay.arrival === row.arrival });
      if (isRefusal(priced)) return priced;
      const { quote, override } = priced;
      await tx
        .update(bookings)
        .set({
          roomId: stay.roomId,
          arrival: quote.arrival,
          departure: quote.departure,
          guests: quote.guests,
          children: stay.children,
          ...moneySnapshot(quote),
          priceOverrideReason: override?.reason ?? null,
          quote: { ...quote, override },
        })
        .where(eq(bookings.id, id));
      const [event] = await tx
        .insert(bookingEvents)
        .values({
          bookingId: id,
          kind: 'changed',
          actor,
          details: {
            from: { roomId: row.roomId, arrival: row.arrival, departure: row.departure, guests: row.guests, totalCents: row.totalCents },
            to: { roomId: stay.roomId, arrival: quote.arrival, departure: quote.departure, guests: quote.guests, totalCents: quote.totalCents },
            ...(override ? { priceOverride: override } : {}),
          },
        })
        .returning({ id: bookingEvents.id });
      const facts = await mailFacts({ ...row, roomId: stay.roomId }, quote, [row.language, 'fr'], tx);
      await queueGuestMail(tx, 'changed', id, row.language, facts, null, event!.id);
      return { id };
    }),
  );
}

/** Cancels a confirmed stay: its nights reopen on the public calendar and leave the export feed; the guest is told. */
export async function cancelBooking(id: string, message: string | null, actor: string | null): Promise<StayResult> {
  return db.transaction(async (tx) => {
    const row = await lockConfirmed(tx, id);
    if (isRefusal(row)) return row;
    const note = message?.trim() || null;
    await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));
    await recordBookingEvent(tx, id, 'cancelled', actor, note ? { message: note } : {});
    await queueGuestMail(tx, 'cancelled', id, row.language, await mailFacts(row, row.quote as Quote, [row.language, 'fr'], tx), note);
    return { id };
  });
}

export interface PaymentInput {
  kind: (typeof PAYMENT_KINDS)[number];
  amountCents: number;
  receivedOn: IsoDate;
  means: (typeof PAYMENT_MEANS)[number];
}

/** Marks a deposit or balance as received (amount, date, means). */
export async function recordPayment(id: string, payment: PaymentInput, actor: string | null): Promise<StayResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: bookings.id, status: bookings.status }).from(bookings).where(eq(bookings.id, id)).for('update');
    if (!row) return refuse('Réservation introuvable');
    if (row.status === 'pending' || row.status === 'refused') return refuse("Cette demande n'est pas une réservation");
    await tx.insert(bookingPayments).values({ bookingId: id, ...payment, recordedBy: actor });
    await recordBookingEvent(tx, id, 'payment', actor, { ...payment });
    return { id };
  });
}

/** A message from the owner to the guest: kept in the booking's history and sent through the outbox. */
export async function sendGuestMessage(id: string, body: string, actor: string | null): Promise<StayResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1);
    if (!row) return refuse('Réservation introuvable');
    if (!row.guestEmail.trim()) return refuse("Ce client n'a pas d'adresse e-mail");
    const [event] = await tx
      .insert(bookingEvents)
      .values({ bookingId: id, kind: 'message', actor, details: { body: body.trim() } })
      .returning({ id: bookingEvents.id });
    await queueGuestMail(tx, 'message', id, row.language, await mailFacts(row, row.quote as Quote, [row.language, 'fr'], tx), body.trim(), event!.id);
    return { id };
  });
}

/** The booking page: the row, its payments (what remains to pay) and its history, oldest first. */
export async function getBookingRecord(id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) return null;
  const payments = await db
    .select()
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, id))
    .orderBy(asc(bookingPayments.receivedOn), asc(bookingPayments.createdAt));
  const events = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.createdAt));
  return { row, payments, events, ...paymentStatus(row, payments) };
}

/** What was received and what remains, against the figures the booking keeps. */
export function paymentStatus(
  row: { totalCents: number; taxCents: number; depositCents: number },
  payments: Array<{ kind: string; amountCents: number; refundedCents?: number }>,
) {
  const amountCents = row.totalCents + row.taxCents;
  // Money refunded through Stripe is no longer received.
  const receivedCents = payments.reduce((sum, p) => sum + p.amountCents - (p.refundedCents ?? 0), 0);
  return {
    amountCents,
    receivedCents,
    outstandingCents: Math.max(0, amountCents - receivedCents),
    // Any money received counts toward the deposit first.
    depositOutstandingCents: Math.max(0, row.depositCents - receivedCents),
  };
}

/** Payments of several bookings at once (the home's list of stays). */
export async function listPaymentsOf(bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: bookingPayments.bookingId,
      kind: bookingPayments.kind,
      amountCents: bookingPayments.amountCents,
      refundedCents: bookingPayments.refundedCents,
      stripeReference: bookingPayments.stripeReference,
      receivedOn: bookingPayments.receivedOn,
    })
    .from(bookingPayments)
    .where(inArray(bookingPayments.bookingId, bookingIds));
}

/** Confirmed stays (and holds awaiting their deposit, whose nights are taken) touching [from, to), soonest first: the home's and the arrivals list's rows. */
export async function listConfirmedStays(from: IsoDate, to: IsoDate) {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.status, [...NIGHT_HOLDING_STATUSES]), lt(bookings.arrival, to), gt(bookings.departure, from)))
    .orderBy(asc(bookings.arrival), asc(bookings.createdAt))
    .limit(MAX_LISTED_STAYS);
  return rows.map((b) => ({ ...b, nights: eachNight(b.arrival, b.departure).length }));
}
