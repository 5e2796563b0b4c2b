// The owner's home, 'Aujourd'hui' (issue 35): today's arrivals and departures, the
// stays of the next days, pending requests with how long they have waited, and the
// warnings that need the owner (stale feeds, legal notice, hidden languages, the tourist
// tax to declare).
import { dateTimeFormat } from '~/lib/date-time-format';
import { formatMoney } from '~/lib/money';
import { addDays, formatNightFr, type IsoDate } from '~/lib/nights';
import { ArrivalsPeriodSchema } from '~/lib/schemas/booking-admin';
import { depositLabel, UPCOMING_DAYS, type DepositState } from '~/lib/stays';
import { SOURCE_LABELS } from '~/lib/schemas/booking-admin';
import { TAX_COLLECTOR_LABELS, type TaxCollector } from '~/lib/tourist-tax';
import { roomNamesFr } from '../../content/rooms';
import { linkPhone, phoneForSpreadsheet } from '../../content/phones';
import { listMissingLegalNoticeFields } from '../../content/site-settings';
import { csvText } from '../../http/csv';
import { listTranslationCoverage } from '../../languages/translation-coverage';
import { guesthouseToday, ownerTime } from '../../guesthouse-time';
import { listRoomFeeds } from '../availability/feeds';
import { listBookings } from '../stays/requests';
import { describePendingRequests } from './reservations';
import { houseTaxCents, listEntriesOf, moneyStatus } from '../../payments/ledger';
import { listConfirmedStays, listOverdueCandidates } from '../stays/records';
import { listTaxReminders } from '../tourist-tax/reminders';

const euros = (cents: number) => formatMoney(cents);

/** "depuis 3 h", "depuis 2 j": how long a request has waited. */
export function waitedSince(createdAt: Date, now = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  if (minutes < 60) return `depuis ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `depuis ${hours} h`;
  return `depuis ${Math.floor(hours / 24)} j`;
}

/** One stay as the lists show it, with what is owed. */
export async function describeStays(stays: Awaited<ReturnType<typeof listConfirmedStays>>, roomName: Map<string, string>) {
  const entries = await listEntriesOf(stays.map((s) => s.id));
  const today = guesthouseToday();
  return stays.map((s) => {
    const own = entries.filter((e) => e.bookingId === s.id);
    const money = moneyStatus(s, own);
    const deposit: DepositState =
      s.status === 'awaiting_payment'
        ? 'online_due'
        : money.outstandingCents === 0
          ? 'paid'
          : s.depositCents === 0
            ? 'none'
            : money.outstandingBy.deposit === 0
              ? 'received'
              : s.depositDueDate && today > s.depositDueDate
                ? 'overdue'
                : 'due';
    // A card payment says when, how much and Stripe's reference (issue 36); a refund, how much went back.
    const card = own.find((e) => e.means === 'stripe' && e.direction === 'received');
    const cardRefunded = own.filter((e) => e.means === 'stripe' && e.direction === 'returned').reduce((sum, e) => sum + e.amountCents, 0);
    const depositDetail = card
      ? `carte, ${euros(card.amountCents)} le ${formatNightFr(card.occurredOn)} (${card.stripePaymentIntent})${cardRefunded > 0 ? `, remboursé ${euros(cardRefunded)}` : ''}`
      : s.status === 'awaiting_payment' && s.paymentExpiresAt
        ? `avant le ${ownerTime(s.paymentExpiresAt)}`
        : null;
    const balanceLeft = money.outstandingBy.solde + money.outstandingBy.taxe_sejour;
    return {
      id: s.id,
      room: roomName.get(s.roomId) ?? 'Chambre supprimée',
      guestName: s.guestName,
      guestEmail: s.guestEmail,
      guestPhone: s.guestPhone,
      guestPhoneHref: s.guestPhone ? (linkPhone(s.guestPhone, 'fr')?.href ?? null) : null,
      arrival: s.arrival,
      departure: s.departure,
      arrivalFr: formatNightFr(s.arrival),
      departureFr: formatNightFr(s.departure),
      nights: s.nights,
      guests: s.guests,
      adults: s.guests - s.children,
      children: s.children,
      source: s.source,
      amount: euros(s.totalCents + houseTaxCents(s)),
      outstanding: euros(money.outstandingCents),
      /** The tourist tax the house still has to collect for this stay (issue 44): said on the day of departure. */
      taxToCollect: money.outstandingBy.taxe_sejour > 0 ? euros(money.outstandingBy.taxe_sejour) : null,
      tax: euros(s.taxCents),
      taxCollector: TAX_COLLECTOR_LABELS[s.taxCollectedBy as TaxCollector] ?? s.taxCollectedBy,
      reference: s.reference,
      deposit,
      depositDetail,
      /** Past its deadline and not received: Aujourd'hui flags it. */
      depositOverdue: deposit === 'overdue' ? euros(money.outstandingBy.deposit) : null,
      balanceOverdue: s.status === 'confirmed' && s.balanceDueDate && today > s.balanceDueDate && balanceLeft > 0 ? euros(balanceLeft) : null,
    };
  });
}

/** Confirmed stays whose deposit or balance is past its deadline and still owed (Aujourd'hui's warnings). */
export async function loadOverdue(roomName: Map<string, string>) {
  const described = await describeStays(await listOverdueCandidates(guesthouseToday()), roomName);
  return {
    deposits: described
      .filter((s) => s.depositOverdue)
      .map((s) => ({ id: s.id, guestName: s.guestName, room: s.room, arrival: s.arrivalFr, amount: s.depositOverdue! })),
    balances: described
      .filter((s) => s.balanceOverdue)
      .map((s) => ({ id: s.id, guestName: s.guestName, room: s.room, arrival: s.arrivalFr, amount: s.balanceOverdue! })),
  };
}

export async function loadToday() {
  const today = guesthouseToday();
  const end = addDays(today, UPCOMING_DAYS);
  const roomName = await roomNamesFr();
  const [stays, requests, feeds, legal, coverage, touristTax] = await Promise.all([
    // From last night: a stay leaving today spent its last night yesterday (« Départs du jour »).
    listConfirmedStays(addDays(today, -1), end),
    listBookings(),
    listRoomFeeds(),
    listMissingLegalNoticeFields(),
    listTranslationCoverage(),
    listTaxReminders(today),
  ]);
  const described = await describeStays(stays, roomName);
  const overdue = await loadOverdue(roomName);
  const now = new Date();
  return {
    today,
    todayLabel: dateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`)),
    arrivals: described.filter((s) => s.arrival === today),
    departures: described.filter((s) => s.departure === today),
    upcoming: described.filter((s) => s.arrival >= today),
    // The same cards as Réservations (conflicts, Accepter, Refuser…), each saying how long it has waited.
    pending: (await describePendingRequests(requests, roomName)).map((row) => ({ ...row, waited: waitedSince(new Date(row.createdAt), now) })),
    overdue,
    warnings: {
      staleFeeds: feeds.filter((f) => f.stale).map((f) => roomName.get(f.roomId) ?? ''),
      legalMissing: legal.map((m) => m.label),
      hiddenIncomplete: coverage.filter((l) => !l.isActive && !l.isSource && l.percent < 100).map((l) => `${l.name} (${l.percent} %)`),
      touristTax,
    },
  };
}

/** The arrivals of [from, to): the printable list and its CSV. */
export async function loadArrivals(from: IsoDate, to: IsoDate) {
  const roomName = await roomNamesFr();
  const stays = (await listConfirmedStays(from, to)).filter((s) => s.arrival >= from);
  return describeStays(stays, roomName);
}

/**
 * The arrivals as the owner's spreadsheet opens them (csvText: semicolons, BOM): French
 * headings and values, phones with no leading « + » (phoneForSpreadsheet), the tourist tax
 * of each stay and who collects it.
 */
export function arrivalsCsv(rows: Awaited<ReturnType<typeof loadArrivals>>): string {
  const header = [
    'Arrivée',
    'Départ',
    'Chambre',
    'Client',
    'E-mail',
    'Téléphone',
    'Nuits',
    'Personnes',
    'Adultes',
    'Mineurs',
    'Montant',
    'Taxe de séjour',
    'Taxe perçue par',
    'Reste à payer',
    'Acompte',
    'Origine',
    'Référence',
  ];
  const lines = rows.map((r) => [
    r.arrivalFr,
    r.departureFr,
    r.room,
    r.guestName,
    r.guestEmail,
    r.guestPhone ? phoneForSpreadsheet(r.guestPhone) : '',
    r.nights,
    r.guests,
    r.adults,
    r.children,
    r.amount,
    r.tax,
    r.taxCollector,
    r.outstanding,
    depositLabel(r.deposit),
    SOURCE_LABELS[r.source] ?? r.source,
    r.reference ?? '',
  ]);
  return csvText([header, ...lines]);
}

/** The arrivals list's period from the query string: the next 7 days when absent, an error when wrong. */
export function readArrivalsPeriod(url: URL): { from: IsoDate; to: IsoDate; error: string | null } {
  const today = guesthouseToday();
  const fallback = { from: today, to: addDays(today, 7) };
  if (!url.searchParams.has('from') && !url.searchParams.has('to')) return { ...fallback, error: null };
  const parsed = ArrivalsPeriodSchema.safeParse({ from: url.searchParams.get('from')?.slice(0, 10), to: url.searchParams.get('to')?.slice(0, 10) });
  if (!parsed.success) return { ...fallback, error: parsed.error.issues[0]?.message ?? 'Période invalide' };
  return { ...parsed.data, error: null };
}
