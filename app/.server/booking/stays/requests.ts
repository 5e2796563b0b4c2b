// Direct booking requests and the owner's answers. A request is stored pending with
// a snapshot of its quote; accepting re-checks the nights in the same transaction,
// and the exclusion constraint `bookings_confirmed_no_overlap` makes two accepts of
// overlapping stays at once impossible: one commits, the other gets a clear refusal.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TFunction } from '~/lib/i18n';
import { formatNightFr, type IsoDate } from '~/lib/nights';
import { takeAcknowledgementSlot } from '../../http/abuse';
import { config } from '../../environment';
import { db, type Executor } from '../../db/client';
import { isExclusionViolation } from '../../db/errors';
import { bookings, icalFeeds, manualBlocks, NIGHT_HOLDING_STATUSES } from '../../db/schema';
import { mailboxAddress } from '../../mail/compose';
import { listOwnerRecipients } from '../../mail/notifications';
import { enqueueMail } from '../../mail/outbox';
import { NOT_FOUND, refuse, type Refusal } from '../../rule-refusal';
import { listUnavailableNights } from '../availability/taken-nights';
import { feedLabel } from '../availability/feed-label';
import { syncRoomFeeds, syncRoomFeedsForRequest } from '../availability/feeds';
import { mailFacts, queueGuestMail, recordBookingEvent } from './trail';
import { renderOwnerBookingMail } from '../mails/booking-mails';
import { isBookable, type Quote } from '../pricing/quote';
import { quoteView } from '../views/room-booking';
import { quoteStay } from '../pricing/quote-inputs';
import { holdForDeposit, onlineDepositTerms } from './deposit';

export interface BookingRequestInput {
  roomId: string;
  arrival: string;
  departure: string;
  guests: number;
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
function notBookable(quote: Quote, { language, t }: Pick<BookingRequestInput, 'language' | 't'>): Refusal {
  const reasons = quoteView(quote, language).problems.map((p) => t(`booking.problem.${p.code}`, p.values));
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
 * fetched again first (bounded wait), so a platform booking made minutes ago counts.
 */
export async function createBookingRequest(input: BookingRequestInput): Promise<{ id: string; quote: Quote } | Refusal | typeof NOT_FOUND> {
  const stay = { arrival: input.arrival, departure: input.departure, guests: input.guests };
  // A stay the engine refuses for any reason but taken nights (dates in the wrong order,
  // too long, too many guests…) is answered before any feed is fetched.
  const first = await quoteStay(input.roomId, stay, input.chain);
  if (!first) return NOT_FOUND;
  if (first.problems.some((p) => p.code !== 'unavailable')) return notBookable(first, input);
  await syncRoomFeedsForRequest(input.roomId);
  return db.transaction(async (tx) => {
    const quote = await quoteStay(input.roomId, stay, input.chain, tx);
    if (!quote) return NOT_FOUND;
    if (!isBookable(quote)) return notBookable(quote, input);
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
        language: input.language,
        ...moneySnapshot(quote),
        quote,
        feedsChecked: await feedsSnapshot(input.roomId, tx),
      })
      .returning({ id: bookings.id });
    const id = row!.id;
    await recordBookingEvent(tx, id, 'created', null, { source: 'site' });
    if (await takeAcknowledgementSlot(guest.guestEmail, tx)) {
      await queueGuestMail(tx, 'received', id, input.language, await mailFacts(guest, quote, input.chain, tx));
    }
    // The owners read French: the same engine, season names in French.
    const quoteFr = (await quoteStay(input.roomId, stay, ['fr'], tx)) ?? quote;
    const owner = renderOwnerBookingMail(await mailFacts(guest, { ...quote, lines: quoteFr.lines }, ['fr']), input.language, config().PUBLIC_URL);
    await enqueueMail(tx, {
      idempotencyKey: `booking:${id}:owner`,
      kind: 'booking',
      recipients: await listOwnerRecipients(tx),
      replyTo: mailboxAddress(guest.guestEmail),
      subject: owner.subject,
      textBody: owner.text,
      htmlBody: owner.html,
    });
    return { id, quote };
  });
}

/** The figures a request or booking keeps from its quote (cents): what the guest was shown. */
export const moneySnapshot = (quote: Pick<Quote, 'totalCents' | 'taxCents' | 'depositCents' | 'balanceDueDate'>) => ({
  totalCents: quote.totalCents,
  taxCents: quote.taxCents,
  depositCents: quote.depositCents,
  balanceDueDate: quote.balanceDueDate,
});

/** 'Accepter' recorded (`awaitingPayment`: the nights held until the guest pays the deposit online), or why not. */
export type DecisionResult = { awaitingPayment: boolean } | Refusal;

const NOT_PENDING = refuse("Cette demande n'est plus en attente");

async function lockPending(tx: Executor, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row && row.status === 'pending' ? row : null;
}

const storedQuote = (row: typeof bookings.$inferSelect) => row.quote as Quote;

/** The owner's 'Accepter': the nights must still be free, checked again in this transaction. */
export async function acceptBookingRequest(id: string, actor: string | null = null): Promise<DecisionResult> {
  const [found] = await db.select({ roomId: bookings.roomId }).from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!found) return refuse('Demande introuvable');
  await syncRoomFeeds(found.roomId);
  try {
    return await db.transaction(async (tx) => {
      const row = await lockPending(tx, id);
      if (!row) return NOT_PENDING;
      const taken = await listUnavailableNights(row.roomId, row.arrival, row.departure, tx);
      if (taken.size > 0) {
        return refuse(`Ces nuits ne sont plus libres : ${[...taken].sort().map(formatNightFr).join(', ')}`);
      }
      // With the online deposit on, the nights are held until the guest pays (issue 36).
      const online = row.depositCents > 0 ? await onlineDepositTerms(tx) : null;
      if (online) {
        await holdForDeposit(tx, row, online.windowHours, actor);
        return { awaitingPayment: true };
      }
      await tx.update(bookings).set({ status: 'confirmed', decidedAt: new Date() }).where(eq(bookings.id, id));
      await recordBookingEvent(tx, id, 'accepted', actor);
      const facts = await mailFacts(row, storedQuote(row), [row.language, 'fr'], tx);
      await queueGuestMail(tx, 'confirmed', id, row.language, facts);
      return { awaitingPayment: false };
    });
  } catch (error) {
    if (isExclusionViolation(error)) return refuse('Une autre réservation confirmée occupe déjà ces nuits');
    throw error;
  }
}

/** The owner's 'Refuser', with an optional message passed on to the guest. */
export async function refuseBookingRequest(id: string, message?: string | null, actor: string | null = null): Promise<true | Refusal> {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).limit(1);
    if (!exists) return refuse('Demande introuvable');
    const row = await lockPending(tx, id);
    if (!row) return NOT_PENDING;
    const refusal = message?.trim() || null;
    await tx.update(bookings).set({ status: 'refused', refusalMessage: refusal, decidedAt: new Date() }).where(eq(bookings.id, id));
    await recordBookingEvent(tx, id, 'refused', actor, refusal ? { message: refusal } : {});
    await queueGuestMail(tx, 'refused', id, row.language, await mailFacts(row, storedQuote(row), [row.language, 'fr'], tx), refusal);
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

/* ───────────── manual blocks ───────────── */

/** Closes nights by hand; refused when a confirmed booking already takes one of them. */
export async function addManualBlock(roomId: string, firstNight: IsoDate, lastNight: IsoDate, note: string | null): Promise<{ id: string } | Refusal> {
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ arrival: bookings.arrival, departure: bookings.departure })
      .from(bookings)
      .where(
        and(
          eq(bookings.roomId, roomId),
          inArray(bookings.status, [...NIGHT_HOLDING_STATUSES]),
          sql`${bookings.arrival} <= ${lastNight}`,
          sql`${bookings.departure} > ${firstNight}`,
        ),
      )
      .limit(1);
    if (clash) {
      return refuse(`Une réservation confirmée occupe déjà ces nuits (du ${formatNightFr(clash.arrival)} au ${formatNightFr(clash.departure)})`);
    }
    const [row] = await tx
      .insert(manualBlocks)
      .values({ roomId, firstNight, lastNight, note: note?.trim() || null })
      .returning({ id: manualBlocks.id });
    return { id: row!.id };
  });
}

export async function deleteManualBlock(id: string): Promise<boolean> {
  const rows = await db.delete(manualBlocks).where(eq(manualBlocks.id, id)).returning({ id: manualBlocks.id });
  return rows.length > 0;
}

export async function listManualBlocks(from: IsoDate) {
  return db
    .select()
    .from(manualBlocks)
    .where(sql`${manualBlocks.lastNight} >= ${from}`)
    .orderBy(asc(manualBlocks.firstNight));
}
