// A booking as a record the owner manages (issue 35): recorded by hand (phone,
// e-mail), changed (dates, room, guests), cancelled, its deposit and balance marked
// received, and messages written to the guest. Each action is one transaction that
// re-checks availability where nights move, writes its history (booking_events)
// and its outbox mail in the guest's language. Confirmed stays of one room never
// overlap: the exclusion constraint `bookings_confirmed_no_overlap` refuses the
// second of two concurrent writes, which the owner reads as "no longer free".
import { and, asc, eq, gt, gte, inArray, lt, or } from 'drizzle-orm';
import { createTranslator, guestChain, resolveCatalog } from '~/lib/i18n';
import { addDays, daysBetween, eachNight, formatNightFr, type IsoDate } from '~/lib/nights';
import { STAY_NIGHTS_LIMIT } from '~/lib/stay-rules';
import { claimPromoUse, releasePromoUse } from '../../content/promo-codes';
import { db, type Executor } from '../../db/client';
import { isNotFound, isRefusal, notFound, refuse, type NotFound, type Refusal } from '../../rule-refusal';
import { bookingEvents, bookings, NIGHT_HOLDING_STATUSES } from '../../db/schema';
import { defaultTaxCollector, type RecordSource } from '~/lib/schemas/booking-admin';
import type { TaxCollector } from '~/lib/tourist-tax';
import { formatMoney } from '~/lib/money';
import { NATURE_LABELS, type LedgerNature } from '~/lib/money-terms';
import { loadMoneyTerms } from '../../content/site-settings';
import { guesthouseToday } from '../../guesthouse-time';
import { addEntry, listEntries, moneyStatus } from '../../payments/ledger';
import { listPlans } from '../../scheduled/scheduled-messages';
import { guestMail } from '../mails/booking-mails';
import { currentNoteOf, issueCreditNote, issueNote, listNotesOf } from '../notes/notes';
import { depositDueDate, newBookingReference } from './reference';
import { moneySnapshot, RULE_PROBLEMS, type Quote, type QuoteProblem } from '../pricing/quote';
import { quoteStay } from '../pricing/quote-inputs';
import { problemView } from '../pricing/quote-view';
import { stayTransaction, writeStep, type HistoryLine } from './trail';

/** The booking written, or why not (app/.server/rule-refusal.ts). */
export type StayResult = { id: string } | Refusal | NotFound;

export interface StayDetails {
  roomId: string;
  arrival: IsoDate;
  departure: IsoDate;
  adults: number;
  /** Minors (under 18): exempt from the tourist tax. */
  children: number;
  /** A promo code as typed. */
  code?: string | null;
  /** The owner's price for the nights, in cents, instead of the engine's; with its reason. */
  priceOverride?: { cents: number; reason: string } | null;
  /** The owner passes over the stay rules (minimum nights, arrival day…), for this reason (kept in the history). */
  rulesOverride?: string | null;
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
/** Sources whose platform confirms the booking to the guest itself. */
const PLATFORM_SOURCES: ReadonlySet<RecordSource> = new Set(['airbnb', 'booking_com']);
const BOOKING_NOT_FOUND = notFound('Réservation introuvable');

const french = createTranslator('fr', resolveCatalog('fr', 'fr'));

/** A problem of the quote in the owner's French: the public French catalog's sentence. */
const frenchProblem = (problem: QuoteProblem, quote: Pick<Quote, 'arrival' | 'departure' | 'rules'>) => {
  const view = problemView(problem, 'fr', quote);
  return french(`booking.problem.${view.code}`, view.values);
};

/**
 * What stops the owner. He may book what a guest may not — a stay the rules refuse (too
 * short, a day one does not arrive on…) when he says why — but never nights that are
 * taken, more guests than the room holds, or an arrival in the past.
 */
function ownerProblem(quote: Quote, options: { pastAllowed: boolean; rulesOverridden: boolean; priced: boolean }): string | null {
  const rules: string[] = [];
  for (const problem of quote.problems) {
    switch (problem.code) {
      case 'invalid_dates':
      case 'departure_not_after_arrival':
        return "Le départ doit être après l'arrivée";
      case 'guests':
        return `Cette chambre accueille ${problem.maxGuests} ${problem.maxGuests > 1 ? 'personnes' : 'personne'} au plus`;
      case 'no_adult':
        return 'Au moins un adulte par séjour';
      case 'unavailable':
        return `${NOT_FREE} : ${problem.nights.map(formatNightFr).join(', ')}`;
      case 'past':
        if (!options.pastAllowed) return "L'arrivée ne peut pas être dans le passé";
        break;
      case 'no_price':
        if (!options.priced) return "Cette chambre n'a pas de prix pour ces nuits : indiquez un prix et sa raison";
        break;
      default:
        if (RULE_PROBLEMS.has(problem.code)) rules.push(frenchProblem(problem, quote));
        else if (!options.priced) return frenchProblem(problem, quote);
    }
  }
  if (daysBetween(quote.arrival, quote.departure) > STAY_NIGHTS_LIMIT) return `Un séjour compte ${STAY_NIGHTS_LIMIT} nuits au plus`;
  if (rules.length && !options.rulesOverridden) {
    return `Règles de séjour non respectées : ${rules.join(' ')} Cochez « Passer outre les règles » et indiquez pourquoi.`;
  }
  return null;
}

/** The engine's quote (or the owner's price, with the same tax, deposit and balance rules), made once in the step's transaction. */
async function pricedStay(
  stay: StayDetails,
  language: string,
  tx: Executor,
  options: { excludeBookingId?: string; pastAllowed: boolean; keptPromoId?: string | null },
) {
  const quote = await quoteStay(
    stay.roomId,
    { arrival: stay.arrival, departure: stay.departure, adults: stay.adults, children: stay.children, code: stay.code },
    guestChain(language),
    tx,
    { excludeBookingId: options.excludeBookingId, priceOverrideCents: stay.priceOverride?.cents },
  );
  if (isNotFound(quote)) return notFound('Chambre introuvable');
  const rulesOverride = stay.rulesOverride?.trim() || null;
  const problem = ownerProblem(quote, { pastAllowed: options.pastAllowed, rulesOverridden: rulesOverride !== null, priced: stay.priceOverride != null });
  if (problem) return refuse(problem);
  // A new code counts a use (the stay being changed keeps the one it counted); nothing is written yet if it is used up.
  if (quote.promo && quote.promo.id !== options.keptPromoId && !(await claimPromoUse(tx, quote.promo.id))) {
    return refuse(frenchProblem({ code: 'promo_exhausted', promo: quote.promo.code }, quote));
  }
  const override = stay.priceOverride ?? null;
  const passedRules = rulesOverride ? quote.problems.filter((p) => RULE_PROBLEMS.has(p.code)).map((p) => frenchProblem(p, quote)) : [];
  const rulesPassed = passedRules.length ? { reason: rulesOverride!, rules: passedRules } : null;
  // What the booking row keeps of the stay: its room, nights, guests and the figures it was quoted.
  const columns = {
    roomId: stay.roomId,
    arrival: quote.arrival,
    departure: quote.departure,
    guests: quote.guests,
    children: quote.children,
    ...moneySnapshot(quote),
    priceOverrideReason: override?.reason ?? null,
    quote: { ...quote, override, rulesOverride: rulesPassed },
  };
  return { quote, override, rulesPassed, columns };
}

/**
 * A booking taken by phone or e-mail, or made on a platform: confirmed at once, priced by
 * the engine unless the owner says otherwise. Its tourist tax is collected by the house,
 * or by the platform (Airbnb and Booking.com by default: defaultTaxCollector). A platform
 * confirms its own bookings to the guest: those get no mail from the house.
 */
export async function recordBooking(
  stay: StayDetails,
  guest: RecordedGuest,
  source: RecordSource,
  actor: string | null,
  taxCollectedBy: TaxCollector = defaultTaxCollector(source),
): Promise<StayResult> {
  return stayTransaction(async (tx) => {
    const priced = await pricedStay(stay, guest.language, tx, { pastAllowed: false });
    if (isRefusal(priced) || isNotFound(priced)) return priced;
    const { quote, override, rulesPassed, columns } = priced;
    const values = {
      roomId: stay.roomId,
      guestName: guest.name.trim(),
      guestEmail: guest.email?.trim() ?? '',
      guestPhone: guest.phone?.trim() || null,
      message: guest.message?.trim() || null,
    };
    const terms = await loadMoneyTerms(tx);
    const [row] = await tx
      .insert(bookings)
      .values({
        ...values,
        ...columns,
        status: 'confirmed',
        source,
        taxCollectedBy,
        language: guest.language,
        decidedAt: new Date(),
        reference: await newBookingReference(tx),
        depositNature: terms.depositNature,
        depositDueDate: depositDueDate(guesthouseToday(), terms.depositDueDays, columns.balanceDueDate, columns.arrival),
      })
      .returning({ id: bookings.id });
    const id = row!.id;
    await writeStep(
      tx,
      { id, ...values, language: guest.language, quote },
      {
        history: [
          {
            kind: 'created',
            actor,
            details: { source, taxCollectedBy, ...(override ? { priceOverride: override } : {}), ...(rulesPassed ? { rulesOverride: rulesPassed } : {}) },
          },
        ],
        guest: PLATFORM_SOURCES.has(source) ? [] : [guestMail('confirmed')],
      },
    );
    return { id };
  });
}

async function lockConfirmed(tx: Executor, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!row) return BOOKING_NOT_FOUND;
  if (row.status !== 'confirmed') return refuse("Cette réservation n'est plus confirmée");
  return row;
}

/** New dates, room or guests: re-quoted by the engine (or the owner's price), re-checked in this transaction, the guest told. */
export async function changeBooking(id: string, stay: StayDetails, actor: string | null): Promise<StayResult> {
  return stayTransaction(async (tx) => {
    const row = await lockConfirmed(tx, id);
    if (isRefusal(row) || isNotFound(row)) return row;
    // A stay under way keeps its arrival: the owner may still move its departure.
    const keptPromoId = (row.quote as Pick<Quote, 'promo'> | null)?.promo?.id ?? null;
    const priced = await pricedStay(stay, row.language, tx, { excludeBookingId: id, pastAllowed: stay.arrival === row.arrival, keptPromoId });
    if (isRefusal(priced) || isNotFound(priced)) return priced;
    const { quote, override, rulesPassed, columns } = priced;
    // The code the stay had and no longer has gives its use back.
    if (keptPromoId && quote.promo?.id !== keptPromoId) await releasePromoUse(tx, row.quote);
    await tx.update(bookings).set(columns).where(eq(bookings.id, id));
    const details = {
      from: { roomId: row.roomId, arrival: row.arrival, departure: row.departure, guests: row.guests, children: row.children, totalCents: row.totalCents },
      to: {
        roomId: stay.roomId,
        arrival: quote.arrival,
        departure: quote.departure,
        guests: quote.guests,
        children: quote.children,
        totalCents: quote.totalCents,
      },
      ...(override ? { priceOverride: override } : {}),
      ...(rulesPassed ? { rulesOverride: rulesPassed } : {}),
    };
    // A note issued for the stay as it was is never edited: a credit note cancels it and a
    // new note states the stay as it now is (decision 0029).
    const notes = await reissueNote(tx, id, actor);
    await writeStep(
      tx,
      { ...row, roomId: stay.roomId },
      {
        history: [{ kind: 'changed', actor, details }, ...notes],
        guest: [guestMail('changed')],
        quote,
        previousAmountCents: row.totalCents + row.taxCents,
      },
    );
    return { id };
  });
}

/** Who cancels: the guest (the arrhes are kept) or the house (it repays them twice). */
export type CancelledBy = 'guest' | 'house';

export interface Cancellation {
  by: CancelledBy;
  message: string | null;
  /** With an acompte, what the guest still owes under the terms when they cancel (the owner says); ignored otherwise. */
  keptCents?: number | null;
  /** The refund (and compensation) made now, by hand: recorded with the cancellation. */
  refund?: { means: 'virement' | 'cheque' | 'especes' | 'carte'; occurredOn: IsoDate } | null;
}

/**
 * What a cancellation keeps and owes, by the deposit's legal nature (FRENCH-RULES §3): the
 * guest cancels — the arrhes received are kept (an acompte: what the terms say is due, the
 * owner's figure); the house cancels — it keeps nothing and, for arrhes, owes as much
 * again as compensation (it repays twice the arrhes received).
 */
export function cancellationTerms(
  row: { depositNature: string; depositCents: number },
  depositReceivedCents: number,
  input: Pick<Cancellation, 'by' | 'keptCents'>,
) {
  if (input.by === 'house') return { keptCents: 0, compensationCents: row.depositNature === 'arrhes' ? depositReceivedCents : 0 };
  if (row.depositNature === 'arrhes') return { keptCents: depositReceivedCents, compensationCents: 0 };
  return { keptCents: Math.max(0, input.keptCents ?? Math.min(row.depositCents, depositReceivedCents)), compensationCents: 0 };
}

/**
 * Cancels a confirmed stay: its nights reopen on the public calendar and leave the export
 * feed; what it keeps and owes follows who cancels and the deposit's nature; a refund made
 * now is recorded with it (the money held beyond what is kept, and the compensation); a
 * note issued for it is cancelled by a credit note; its reminders are cancelled (writeStep);
 * the guest is told what was received, kept and refunded, and how.
 */
export async function cancelBooking(id: string, cancellation: Cancellation, actor: string | null): Promise<StayResult> {
  return db.transaction(async (tx) => {
    const row = await lockConfirmed(tx, id);
    if (isRefusal(row) || isNotFound(row)) return row;
    const note = cancellation.message?.trim() || null;
    const status = moneyStatus(row, await listEntries(id, tx));
    const terms = cancellationTerms(row, status.depositReceivedCents, cancellation);
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: cancellation.by, keptCents: terms.keptCents, compensationCents: terms.compensationCents })
      .where(eq(bookings.id, id));
    const history: HistoryLine[] = [{ kind: 'cancelled', actor, details: { by: cancellation.by, ...terms, ...(note ? { message: note } : {}) } }];
    if (cancellation.refund) {
      const back = Math.max(0, status.heldCents - terms.keptCents);
      for (const [nature, cents] of [
        ['remboursement', back],
        ['dedommagement', terms.compensationCents],
      ] as const) {
        if (cents <= 0) continue;
        const entry = { nature, amountCents: cents, occurredOn: cancellation.refund.occurredOn, means: cancellation.refund.means };
        await addEntry(tx, { bookingId: id, ...entry, recordedBy: actor });
        history.push({ kind: 'refund', actor, details: entry });
      }
    }
    const current = await currentNoteOf(tx, id);
    if (current) {
      const credit = await issueCreditNote(tx, current, actor);
      history.push({ kind: 'note', actor, details: { number: credit.number, credits: current.number } });
    }
    await writeStep(tx, row, { history, guest: [guestMail('cancelled', note)] });
    return { id };
  });
}

/** A change of a stay whose note was issued: a credit note for it and a new note, as history lines. */
async function reissueNote(tx: Executor, id: string, actor: string | null): Promise<HistoryLine[]> {
  const current = await currentNoteOf(tx, id);
  if (!current) return [];
  const credit = await issueCreditNote(tx, current, actor);
  const [changed] = await tx.select().from(bookings).where(eq(bookings.id, id));
  const { note } = await issueNote(tx, changed!, actor);
  return [
    { kind: 'note', actor, details: { number: credit.number, credits: current.number } },
    { kind: 'note', actor, details: { number: note.number } },
  ];
}

/** Who collects the stay's tourist tax (issue 44): the house, or the platform the guest booked on. Kept in its history. */
export async function setTaxCollector(id: string, taxCollectedBy: TaxCollector, actor: string | null): Promise<StayResult> {
  return db.transaction(async (tx) => {
    const row = await lockConfirmed(tx, id);
    if (isRefusal(row) || isNotFound(row)) return row;
    if (row.taxCollectedBy === taxCollectedBy) return { id };
    await tx.update(bookings).set({ taxCollectedBy }).where(eq(bookings.id, id));
    await writeStep(tx, row, { history: [{ kind: 'tax_collector', actor, details: { from: row.taxCollectedBy, to: taxCollectedBy } }] });
    return { id };
  });
}

/** The note of a confirmed stay, issued on the owner's demand: its id (the current one when it has one). */
export async function issueStayNote(id: string, actor: string | null): Promise<{ id: string } | Refusal | NotFound> {
  return db.transaction(async (tx) => {
    // Locked first: two requests at once issue one note.
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!row) return BOOKING_NOT_FOUND;
    if (row.status !== 'confirmed') return refuse('Une facture s’émet pour une réservation confirmée');
    const { note, issued } = await issueNote(tx, row, actor);
    if (issued) await writeStep(tx, row, { history: [{ kind: 'note', actor, details: { number: note.number } }] });
    return { id: note.id };
  });
}

export interface LedgerInput {
  nature: LedgerNature;
  amountCents: number;
  occurredOn: IsoDate;
  means: 'virement' | 'cheque' | 'especes' | 'carte';
  reference?: string | null;
}

/**
 * Records a sum received (the deposit under its nature, the balance, the tourist tax) or
 * returned (a refund, a compensation), with its date and means. A refund cannot exceed what
 * the house holds; a deposit is recorded under the booking's own nature.
 */
export async function recordEntry(id: string, input: LedgerInput, actor: string | null): Promise<StayResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!row) return BOOKING_NOT_FOUND;
    if (row.status === 'pending' || row.status === 'refused') return refuse("Cette demande n'est pas une réservation");
    const amountError = (message: string) => refuse(message, { fieldErrors: { amount: [message] } });
    if ((input.nature === 'arrhes' || input.nature === 'acompte') && input.nature !== row.depositNature) {
      const message = `Le dépôt de cette réservation est ${row.depositNature === 'arrhes' ? 'des arrhes' : 'un acompte'}`;
      return refuse(message, { fieldErrors: { nature: [message] } });
    }
    const status = moneyStatus(row, await listEntries(id, tx));
    if (input.nature === 'remboursement' && input.amountCents > status.heldCents) {
      return amountError(`Le remboursement ne peut dépasser ce qui a été reçu (${formatMoney(status.heldCents)})`);
    }
    const stayAmount = row.totalCents + row.taxCents;
    if (input.nature === 'dedommagement' && input.amountCents > stayAmount) {
      return amountError(`Le dédommagement ne peut dépasser le montant du séjour (${formatMoney(stayAmount)})`);
    }
    const entry = { ...input, reference: input.reference?.trim() || null };
    const entryId = await addEntry(tx, { bookingId: id, ...entry, recordedBy: actor });
    const returned = input.nature === 'remboursement' || input.nature === 'dedommagement';
    const deposit = input.nature === 'arrhes' || input.nature === 'acompte';
    await writeStep(tx, row, {
      history: [{ kind: returned ? 'refund' : 'payment', actor, details: { ...entry } }],
      notify: deposit ? { kind: 'deposit-received', bookingId: id, paymentId: entryId, amountCents: input.amountCents } : undefined,
    });
    return { id };
  });
}

/** The French name of a nature, for the history and the owner's screens. */
export const natureLabel = (nature: string) => NATURE_LABELS[nature as LedgerNature] ?? nature;

/** A message from the owner to the guest: kept in the booking's history and sent through the outbox. */
export async function sendGuestMessage(id: string, body: string, actor: string | null): Promise<StayResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1);
    if (!row) return BOOKING_NOT_FOUND;
    if (!row.guestEmail.trim()) return refuse("Ce client n'a pas d'adresse e-mail");
    await writeStep(tx, row, { history: [{ kind: 'message', actor, details: { body: body.trim() } }], guest: [guestMail('message', body.trim())] });
    return { id };
  });
}

/** The booking page: the row, its ledger (what remains to pay or to refund), its notes, its planned messages and its history, oldest first. */
export async function getBookingRecord(id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) return null;
  const entries = await listEntries(id);
  const events = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.createdAt));
  const notes = await listNotesOf(id);
  const plans = await listPlans(id);
  return { row, entries, events, notes, plans, money: moneyStatus(row, entries) };
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

/** Confirmed stays whose deposit or balance deadline has passed (not over for more than 90 days): those Aujourd'hui checks for money still owed. */
export async function listOverdueCandidates(today: IsoDate) {
  const rows = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gte(bookings.departure, addDays(today, -90)),
        or(lt(bookings.depositDueDate, today), lt(bookings.balanceDueDate, today)),
      ),
    )
    .orderBy(asc(bookings.arrival))
    .limit(MAX_LISTED_STAYS);
  return rows.map((b) => ({ ...b, nights: eachNight(b.arrival, b.departure).length }));
}
