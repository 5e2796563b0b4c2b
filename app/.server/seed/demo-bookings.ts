// The booking side of the demo guesthouse: season periods over the coming year,
// season names in every language, the high season's rules (3 nights at least, arrivals
// on Saturdays), a −10 % from 7 nights in every season, an active promo code, two pending
// requests, confirmed stays (one taken by phone with its arrhes received by transfer, one
// arriving today whose balance is overdue, one past stay paid in full whose note was
// issued), a cancelled stay and a manual block, placed relative to the day of seeding so the
// screens are not empty; and the last quarter's stays, so that the tourist-tax register has
// one to declare.
import { eq } from 'drizzle-orm';
import { addDays, daysBetween, type IsoDate } from '~/lib/nights';
import { shiftTaxPeriod, taxPeriodOf, type TaxCollector } from '~/lib/tourist-tax';
import { guesthouseToday } from '../guesthouse-time';
import { guestChain } from '~/lib/i18n';
import { judgeStay, moneySnapshot, RULE_PROBLEMS } from '../booking/pricing/quote';
import { loadRoomPricing, quoteStay } from '../booking/pricing/quote-inputs';
import { writeStep, type HistoryLine } from '../booking/stays/trail';
import { addEntry } from '../payments/ledger';
import { issueNote } from '../booking/notes/notes';
import { newBookingReference } from '../booking/stays/reference';
import { isNotFound } from '../rule-refusal';
import type { Tx } from '../db/client';
import { bookings, lengthDiscounts, manualBlocks, multilingualContent, promoCodes, seasonPeriods, seasons, type BookingSource } from '../db/schema';
import { seasonNameKey } from '../content/content-keys';
import type { Localized } from './demo-content';
import { DEMO_LENGTH_DISCOUNT, DEMO_PROMO_CODE, DEMO_SEASON_DETAILS, demoSeasonPeriods } from './demo-seasons';

export async function insertDemoBookings(
  tx: Tx,
  seasonIds: string[],
  roomIds: string[],
  localizedRows: (entityId: string, texts: Record<string, Localized>) => Array<typeof multilingualContent.$inferInsert>,
) {
  const today = guesthouseToday();
  const periods = demoSeasonPeriods(today);
  const texts: Array<typeof multilingualContent.$inferInsert> = [];
  for (const [index, id] of seasonIds.entries()) {
    const details = DEMO_SEASON_DETAILS[index]!;
    if (details.minStay || details.arrivalDays) {
      await tx
        .update(seasons)
        .set({ minStay: details.minStay, arrivalDays: details.arrivalDays ?? null })
        .where(eq(seasons.id, id));
    }
    await tx.insert(seasonPeriods).values(periods[index]!.map((p) => ({ ...p, seasonId: id })));
    await tx.insert(lengthDiscounts).values({ seasonId: id, ...DEMO_LENGTH_DISCOUNT });
    texts.push(...localizedRows(id, { [seasonNameKey(id)]: details.name }));
  }

  // The quarter before the day of seeding, for the tourist-tax register (issue 44): a
  // family's direct booking (one minor, exempt), a phone booking, an Airbnb stay whose tax
  // the platform collected, and a stay across the quarter's end (its nights split).
  const lastQuarter = shiftTaxPeriod(taxPeriodOf(today, 'quarterly'), -1);
  const inLastQuarter = (days: number) => daysBetween(today, addDays(lastQuarter.start, days));
  const lastQuarterStays = [
    {
      room: 2,
      from: inLastQuarter(9),
      nights: 3,
      guests: 3,
      children: 1,
      status: 'confirmed' as const,
      source: 'site' as const,
      guest: { name: 'Martine Roux', email: 'martine.roux@example.fr', phone: '06 45 67 89 01', language: 'fr', message: 'Avec notre fille de 8 ans.' },
    },
    {
      room: 1,
      from: inLastQuarter(20),
      nights: 4,
      status: 'confirmed' as const,
      source: 'phone' as const,
      guest: { name: 'Hélène Garnier', email: '', phone: '04 93 12 34 56', language: 'fr', message: null },
    },
    {
      room: 3,
      from: inLastQuarter(35),
      nights: 2,
      status: 'confirmed' as const,
      source: 'airbnb' as const,
      taxCollectedBy: 'platform' as const,
      guest: { name: 'Tom Hughes', email: '', phone: null, language: 'en', message: null },
    },
    {
      room: 0,
      from: daysBetween(today, lastQuarter.end) - 2,
      nights: 3,
      status: 'confirmed' as const,
      source: 'site' as const,
      guest: { name: 'Giulia Rossi', email: 'giulia.rossi@example.it', phone: null, language: 'en', message: null },
    },
  ];

  // Relative to the day of seeding: an arrival today, one the day after (taken by phone,
  // deposit received), requests to answer, a confirmed stay later and a cancelled one.
  const stays: Array<{
    room: number;
    from: number;
    nights: number;
    guests?: number;
    children?: number;
    status: 'confirmed' | 'pending' | 'cancelled';
    source: BookingSource;
    taxCollectedBy?: TaxCollector;
    deposit?: boolean;
    /** Paid in full (arrhes, balance, tax) and its note issued (issue 52). */
    paidInFull?: boolean;
    /** Its balance was due three days ago and is still owed: Aujourd'hui flags it. */
    balanceOverdue?: boolean;
    guest: { name: string; email: string; phone: string | null; language: string; message: string | null };
  }> = [
    ...lastQuarterStays,
    {
      room: 2,
      from: -6,
      nights: 3,
      status: 'confirmed' as const,
      source: 'site' as const,
      paidInFull: true,
      guest: { name: 'Marie de Montfort', email: 'marie.demontfort@example.fr', phone: '06 45 67 89 01', language: 'fr', message: null },
    },
    {
      room: 3,
      from: 0,
      nights: 3,
      status: 'confirmed' as const,
      source: 'site' as const,
      // Arrhes received, the balance was due three days ago: Aujourd'hui flags it.
      deposit: true,
      balanceOverdue: true,
      guest: {
        name: 'Jan de Vries',
        email: 'jan.devries@example.nl',
        phone: '+31 6 12345678',
        language: 'en',
        message: 'We arrive by car in the late afternoon.',
      },
    },
    {
      room: 1,
      from: 1,
      nights: 2,
      status: 'confirmed' as const,
      source: 'phone' as const,
      deposit: true,
      guest: { name: 'Sophie Laurent', email: 'sophie.laurent@example.fr', phone: '06 98 76 54 32', language: 'fr', message: null },
    },
    {
      room: 0,
      from: 20,
      nights: 3,
      status: 'pending' as const,
      source: 'site' as const,
      guest: {
        name: 'Emily Carter',
        email: 'emily.carter@example.com',
        phone: '+44 7700 900123',
        language: 'en',
        message: 'We would love a quiet room, arriving around 6 pm.',
      },
    },
    {
      room: 2,
      from: 25,
      nights: 2,
      status: 'cancelled' as const,
      source: 'site' as const,
      guest: { name: 'Ana García', email: 'ana.garcia@example.es', phone: null, language: 'es', message: null },
    },
    {
      room: 1,
      from: 34,
      nights: 4,
      status: 'pending' as const,
      source: 'site' as const,
      guest: { name: 'Lukas Becker', email: 'lukas.becker@example.de', phone: null, language: 'de', message: 'Zwei Erwachsene, Anreise mit dem Zug.' },
    },
    {
      room: 0,
      from: 45,
      nights: 3,
      status: 'confirmed' as const,
      source: 'site' as const,
      guest: { name: 'Claire Martin', email: 'claire.martin@example.fr', phone: '06 12 34 56 78', language: 'fr', message: null },
    },
  ];
  await tx.insert(promoCodes).values({
    code: DEMO_PROMO_CODE.code,
    kind: 'percent',
    value: DEMO_PROMO_CODE.percent,
    validFrom: addDays(today, -30),
    validUntil: addDays(today, 365),
    maxUses: DEMO_PROMO_CODE.maxUses,
  });
  for (const stay of stays) {
    const roomId = roomIds[stay.room % roomIds.length]!;
    const guests = stay.guests ?? 2;
    const children = stay.children ?? 0;
    // A request from the site meets the rules a guest meets (a later Saturday in high season, its nights at least).
    const { arrival, departure } =
      stay.status === 'pending'
        ? await stayWithinRules(tx, roomId, addDays(today, stay.from), stay.nights)
        : { arrival: addDays(today, stay.from), departure: addDays(today, stay.from + stay.nights) };
    const quote = await quoteStay(roomId, { arrival, departure, adults: guests - children, children }, guestChain(stay.guest.language), tx);
    if (isNotFound(quote)) throw new Error(`demo room ${roomId} is missing`);
    const [row] = await tx
      .insert(bookings)
      .values({
        roomId,
        status: stay.status,
        source: stay.source,
        taxCollectedBy: stay.taxCollectedBy ?? 'house',
        arrival,
        departure,
        guests,
        children,
        guestName: stay.guest.name,
        guestEmail: stay.guest.email,
        guestPhone: stay.guest.phone,
        message: stay.guest.message,
        language: stay.guest.language,
        ...moneySnapshot(quote),
        ...(stay.balanceOverdue ? { balanceDueDate: addDays(today, -3) } : {}),
        quote,
        decidedAt: stay.status === 'pending' ? null : new Date(),
        reference: await newBookingReference(tx),
        depositDueDate: stay.status === 'confirmed' ? addDays(today, stay.from - 3) : null,
      })
      .returning({ id: bookings.id });
    const id = row!.id;
    const owner = 'demo';
    // Its history as if each step had been taken; the demo sends no mail.
    const history: HistoryLine[] = [{ kind: 'created', actor: stay.source === 'site' ? null : owner, details: { source: stay.source } }];
    if (stay.source === 'site' && stay.status !== 'pending') history.push({ kind: 'accepted', actor: owner });
    if (stay.status === 'cancelled') history.push({ kind: 'cancelled', actor: owner, details: { message: 'Annulé à la demande de la cliente.' } });
    const received: Array<{ nature: 'arrhes' | 'solde' | 'taxe_sejour'; amountCents: number }> = [];
    if ((stay.deposit || stay.paidInFull) && quote.depositCents > 0) received.push({ nature: 'arrhes', amountCents: quote.depositCents });
    if (stay.paidInFull) {
      received.push({ nature: 'solde', amountCents: quote.totalCents - quote.depositCents });
      if (quote.taxCents > 0) received.push({ nature: 'taxe_sejour', amountCents: quote.taxCents });
    }
    for (const [index, entry] of received.entries()) {
      const payment = { ...entry, occurredOn: addDays(today, stay.from - 10 + index * 8), means: index === 2 ? ('especes' as const) : ('virement' as const) };
      await addEntry(tx, { bookingId: id, ...payment, recordedBy: owner });
      history.push({ kind: 'payment', actor: owner, details: payment });
    }
    if (stay.paidInFull) {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
      const { note } = await issueNote(tx, row!, owner);
      history.push({ kind: 'note', actor: owner, details: { number: note.number } });
    }
    const guest = { roomId, guestName: stay.guest.name, guestEmail: stay.guest.email, guestPhone: stay.guest.phone, message: stay.guest.message };
    // The demo plans no reminder: it sends no mail.
    await writeStep(tx, { id, ...guest, language: stay.guest.language, quote }, { history, plan: false });
  }
  await tx.insert(manualBlocks).values({
    roomId: roomIds[2 % roomIds.length]!,
    firstNight: addDays(today, 10),
    lastNight: addDays(today, 12),
    note: 'Travaux de peinture',
  });
  return texts;
}

/** The first stay from `arrival` on that the room's rules allow, of `nights` nights or the fewest its rules ask. */
async function stayWithinRules(tx: Tx, roomId: string, arrival: IsoDate, nights: number) {
  const pricing = await loadRoomPricing(roomId, ['fr'], tx);
  if (!pricing) throw new Error(`demo room ${roomId} is missing`);
  const today = guesthouseToday();
  for (let shift = 0; shift < 14; shift++) {
    const from = addDays(arrival, shift);
    for (const length of [nights, nights + 1, nights + 2, nights + 3]) {
      const judged = judgeStay({ ...pricing, arrival: from, departure: addDays(from, length), adults: 2, children: 0, promo: null, today });
      if (!judged.problems.some((p) => RULE_PROBLEMS.has(p.code))) return { arrival: from, departure: addDays(from, length) };
    }
  }
  return { arrival, departure: addDays(arrival, nights) };
}
