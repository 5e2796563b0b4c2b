// Direct booking requests and the owner's answers. A request is stored pending with
// a snapshot of its quote; accepting re-checks the nights in the same transaction,
// and the exclusion constraint `bookings_confirmed_no_overlap` makes two accepts of
// overlapping stays at once impossible: one commits, the other gets a clear refusal.
// A promo code's use is counted in the transaction that stores the request (a refused
// request gives it back).
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TFunction } from '~/lib/i18n';
import { formatNightFr } from '~/lib/nights';
import { takeAcknowledgementSlot } from '../../http/abuse';
import { db, type Executor } from '../../db/client';
import { bookings, icalFeeds } from '../../db/schema';
import { isNotFound, isRefusal, notFound, refuse, type NotFound, type Refusal } from '../../rule-refusal';
import { listUnavailableNights } from '../availability/taken-nights';
import { feedLabel } from '../availability/feed-label';
import { guestMail, ownerRequestMail } from '../mails/booking-mails';
import { syncRoomFeeds, syncRoomFeedsForRequest } from '../availability/feeds';
import { claimPromoUse, releasePromoUse } from '../../content/promo-codes';
import { isBookable, moneySnapshot, type AppliedRules, type Quote, type QuoteProblem } from '../pricing/quote';
import { checkStayShape, quoteStay } from '../pricing/quote-inputs';
import { problemView } from '../pricing/quote-view';
import { holdForDeposit, onlineDepositTerms } from './deposit';
import { payableByCard } from '../../payments/checkout-window';
import { loadMoneyTerms } from '../../content/site-settings';
import { guesthouseToday } from '../../guesthouse-time';
import { depositDueDate, newBookingReference } from './reference';
import { stayTransaction, writeStep } from './trail';

export interface BookingRequestInput {
  roomId: string;
  arrival: string;
  departure: string;
  adults: number;
  /** Minors (under 18): in the room's capacity, exempt from the tourist tax. */
  children: number;
  /** A promo code as typed. */
  code?: string | null;
  name: string;
  email: string;
  phone?: string | null;
  message?: string | null;
  /** The page language: the guest's mails are written in it. */
  language: string;
  chain: string[];
  /** The visitor's language, for a refusal (the stay the engine cannot book, and why). */
  t: TFunction;
}

/** The price engine's "no" to a visitor, in their language: 409, with each problem under the message. */
function notBookable(
  problems: QuoteProblem[],
  stay: { arrival: string; departure: string; rules: AppliedRules | null },
  { language, t }: Pick<BookingRequestInput, 'language' | 't'>,
): Refusal {
  const reasons = problems.map((problem) => {
    const p = problemView(problem, language, stay);
    return t(`booking.problem.${p.code}`, p.values);
  });
  return refuse(t('booking.notPossible'), { status: 409, reasons });
}

async function feedsSnapshot(roomId: string, executor: Executor) {
  const rows = await executor
    .select({ url: icalFeeds.url, label: icalFeeds.label, lastSuccessAt: icalFeeds.lastSuccessAt, lastError: icalFeeds.lastError })
    .from(icalFeeds)
    .where(eq(icalFeeds.roomId, roomId))
    .orderBy(asc(icalFeeds.createdAt));
  // `host` (the field's name in stored requests) now holds the feed's name: two feeds on one host differ.
  return rows.map((r) => ({ host: feedLabel(r), lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null, lastError: r.lastError }));
}

/**
 * Stores a pending request when the stay can be booked. The room's feeds are
 * fetched again first (bounded wait), so a platform booking made minutes ago counts;
 * the quote is made once, in the transaction that stores it with its mails.
 */
export async function createBookingRequest(input: BookingRequestInput): Promise<{ id: string; quote: Quote } | Refusal | NotFound> {
  const stay = { arrival: input.arrival, departure: input.departure, adults: input.adults, children: input.children, code: input.code };
  // A stay whose dates, guests, rules or code the engine refuses (in the wrong order, too
  // long, a Tuesday arrival in a Saturday season, an expired code…) is answered before any
  // feed is fetched.
  const shape = await checkStayShape(input.roomId, stay, input.chain);
  if (isNotFound(shape)) return shape;
  if (shape.problems.length > 0) return notBookable(shape.problems, { ...stay, rules: shape.rules }, input);
  await syncRoomFeedsForRequest(input.roomId);
  return db.transaction(async (tx) => {
    const quote = await quoteStay(input.roomId, stay, input.chain, tx);
    if (isNotFound(quote)) return quote;
    if (!isBookable(quote)) return notBookable(quote.problems, quote, input);
    // Counted before anything is written: a code another request used up meanwhile refuses this one, and nothing is kept.
    if (quote.promo && !(await claimPromoUse(tx, quote.promo.id))) {
      return notBookable([{ code: 'promo_exhausted', promo: quote.promo.code }], quote, input);
    }
    const guest = {
      roomId: input.roomId,
      guestName: input.name.trim(),
      guestEmail: input.email.trim(),
      guestPhone: input.phone?.trim() || null,
      message: input.message?.trim() || null,
    };
    const [row] = await tx
      .insert(bookings)
      .values({
        ...guest,
        status: 'pending',
        arrival: quote.arrival,
        departure: quote.departure,
        guests: quote.guests,
        children: quote.children,
        language: input.language,
        ...moneySnapshot(quote),
        quote,
        feedsChecked: await feedsSnapshot(input.roomId, tx),
        reference: await newBookingReference(tx),
        // The nature the guest was told (the booking form, the quote): the contract's, whatever Configuration says later.
        depositNature: (await loadMoneyTerms(tx)).depositNature,
      })
      .returning({ id: bookings.id });
    const id = row!.id;
    // The acknowledgement is bounded per address (abuse.ts); the owners hear of every request.
    const acknowledged = await takeAcknowledgementSlot(guest.guestEmail, tx);
    await writeStep(
      tx,
      { id, ...guest, language: input.language, quote },
      {
        history: [{ kind: 'created', actor: null, details: { source: 'site' } }],
        guest: acknowledged ? [guestMail('received')] : [],
        owner: ownerRequestMail(),
        notify: { kind: 'booking-request', bookingId: id },
      },
    );
    return { id, quote };
  });
}

/** 'Accepter' recorded (`awaitingPayment`: the nights held until the guest pays the deposit online), or why not. */
export type DecisionResult = { awaitingPayment: boolean } | Refusal | NotFound;

const NOT_PENDING = refuse("Cette demande n'est plus en attente");
const REQUEST_NOT_FOUND = notFound('Demande introuvable');

async function lockPending(tx: Executor, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!row) return REQUEST_NOT_FOUND;
  return row.status === 'pending' ? row : NOT_PENDING;
}

/** The owner's 'Accepter': the nights must still be free, checked again in this transaction. */
export async function acceptBookingRequest(id: string, actor: string | null = null): Promise<DecisionResult> {
  const [found] = await db.select({ roomId: bookings.roomId }).from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!found) return REQUEST_NOT_FOUND;
  await syncRoomFeeds(found.roomId);
  return stayTransaction(async (tx) => {
    const row = await lockPending(tx, id);
    if (isNotFound(row) || isRefusal(row)) return row;
    const taken = await listUnavailableNights(row.roomId, row.arrival, row.departure, tx);
    if (taken.size > 0) {
      return refuse(`Ces nuits ne sont plus libres : ${[...taken].sort().map(formatNightFr).join(', ')}`);
    }
    // With the online deposit on, the nights are held until the guest pays (issue 36) — a
    // deposit a card can pay: under Stripe's smallest charge it is settled with the house.
    const online = payableByCard(row.depositCents) ? await onlineDepositTerms(tx) : null;
    if (online) {
      await holdForDeposit(tx, row, online.windowHours, actor);
      return { awaitingPayment: true };
    }
    const terms = await loadMoneyTerms(tx);
    await tx
      .update(bookings)
      .set({
        status: 'confirmed',
        decidedAt: new Date(),
        depositDueDate: depositDueDate(guesthouseToday(), terms.depositDueDays, row.balanceDueDate, row.arrival),
      })
      .where(eq(bookings.id, id));
    await writeStep(tx, row, { history: [{ kind: 'accepted', actor }], guest: [guestMail('confirmed')] });
    return { awaitingPayment: false };
  });
}

/** The owner's 'Refuser', with an optional message passed on to the guest. */
export async function refuseBookingRequest(id: string, message?: string | null, actor: string | null = null): Promise<true | Refusal | NotFound> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    if (isNotFound(row) || isRefusal(row)) return row;
    const refusal = message?.trim() || null;
    await tx.update(bookings).set({ status: 'refused', refusalMessage: refusal, decidedAt: new Date() }).where(eq(bookings.id, id));
    await releasePromoUse(tx, row.quote);
    await writeStep(tx, row, { history: [{ kind: 'refused', actor, details: refusal ? { message: refusal } : {} }], guest: [guestMail('refused', refusal)] });
    return true;
  });
}

export async function countPendingBookings(): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.status, 'pending'));
  return row?.count ?? 0;
}

/** Pending first (by arrival: the owner answers the soonest stays first), then the others, most recent first. */
export async function listBookings(limit = 200) {
  return db
    .select()
    .from(bookings)
    .orderBy(
      sql`(${bookings.status} = 'pending') desc`,
      sql`case when ${bookings.status} = 'pending' then ${bookings.arrival} end asc`,
      sql`case when ${bookings.status} = 'pending' then ${bookings.createdAt} end asc`,
      desc(bookings.createdAt),
    )
    .limit(limit);
}
