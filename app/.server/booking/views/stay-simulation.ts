// « Simuler un séjour » and the live quote of the owner's booking forms (issue 45): what the
// one price engine says of a stay — its lines, tax and totals, the rules that judged it,
// each reason a guest could not ask for it, and what takes its nights — in French, with
// the public French catalog's wording of the reasons. Changes nothing.
import { createTranslator, OWNER_CHAIN, resolveCatalog } from '~/lib/i18n';
import { formatNightFr, isIsoDate, type IsoDate } from '~/lib/nights';
import { ALL_DAYS, STAY_NIGHTS_LIMIT } from '~/lib/stay-rules';
import { isUuid } from '~/lib/uuid';
import { nightsFr } from '~/lib/stays';
import { addDays, daysBetween } from '~/lib/nights';
import { guesthouseToday } from '../../guesthouse-time';
import { isNotFound } from '../../rule-refusal';
import { listTakenRanges } from '../availability/taken-nights';
import { RULE_PROBLEMS, type AppliedRules, type Quote } from '../pricing/quote';
import { weekdayList } from '../pricing/quote-lines';
import { quoteStay } from '../pricing/quote-inputs';
import { quoteView, type QuoteView } from '../pricing/quote-view';

export interface SimulationQuery {
  roomId: string;
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  code: string | null;
  /** A booking being changed: its own nights are not a conflict. */
  excludeBookingId: string | null;
}

const count = (value: string | null, fallback: number, max: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
};

/** Reads a simulation from a query string (bounded); null when no room and dates were asked. */
export function parseSimulationQuery(params: URLSearchParams): SimulationQuery | null {
  const roomId = params.get('room');
  const arrival = params.get('arrival')?.slice(0, 10);
  const departure = params.get('departure')?.slice(0, 10);
  if (!roomId || !arrival || !departure) return null;
  const exclude = params.get('exclude');
  return {
    roomId,
    arrival,
    departure,
    adults: count(params.get('adults'), 2, 10),
    children: count(params.get('children'), 0, 10),
    code: params.get('code')?.slice(0, 60) || null,
    excludeBookingId: exclude && isUuid(exclude) ? exclude : null,
  };
}

const french = createTranslator('fr', resolveCatalog('fr', 'fr'));

const KIND_LABELS = { confirmed: 'Réservation', pending: 'Demande en attente', blocked: 'Blocage manuel', imported: 'Calendrier importé' } as const;

/** The rules that judged the stay, as the owner reads them. */
function rulesRows(rules: AppliedRules, today: IsoDate): Array<{ label: string; value: string }> {
  const days = (mask: number) => ((mask & ALL_DAYS) === ALL_DAYS ? 'tous les jours' : weekdayList(mask, 'fr'));
  return [
    { label: 'Règles de', value: rules.season ? `la saison « ${rules.season.name} » (jour d'arrivée)` : 'la configuration (hors saison)' },
    { label: 'Nuits', value: `de ${rules.minNights} à ${rules.maxNights}` },
    { label: "Jours d'arrivée", value: days(rules.arrivalDays) },
    { label: 'Jours de départ', value: days(rules.departureDays) },
    {
      label: 'Délai de réservation',
      value: rules.minNoticeDays > 0 ? `${rules.minNoticeDays} jour${rules.minNoticeDays > 1 ? 's' : ''} avant l'arrivée` : 'aucun',
    },
    { label: "Arrivées possibles jusqu'au", value: formatNightFr(addDays(today, rules.horizonDays)) },
  ];
}

export interface Simulation {
  query: SimulationQuery;
  view: QuoteView;
  rules: Array<{ label: string; value: string }>;
  /** Every reason a guest could not ask for this stay, in French. */
  problems: string[];
  /** Only stay rules stand in the way: the owner may pass over them with a reason. */
  onlyRules: boolean;
  /** What takes some of these nights (another booking, a block, an imported calendar). */
  conflicts: string[];
}

/** The engine's quote for the stay in French, or null when the room does not exist or the dates cannot be read. */
export async function simulateStay(query: SimulationQuery): Promise<Simulation | null> {
  if (!isUuid(query.roomId)) return null;
  const quote = await quoteStay(
    query.roomId,
    { arrival: query.arrival, departure: query.departure, adults: query.adults, children: query.children, code: query.code },
    OWNER_CHAIN,
    undefined,
    { excludeBookingId: query.excludeBookingId ?? undefined },
  );
  if (isNotFound(quote)) return null;
  const view = quoteView(quote, 'fr');
  return {
    query,
    view,
    rules: quote.rules ? rulesRows(quote.rules, guesthouseToday()) : [],
    problems: view.problems.map((p) => french(`booking.problem.${p.code}`, p.values)),
    onlyRules: quote.problems.length > 0 && quote.problems.every((p) => RULE_PROBLEMS.has(p.code)),
    conflicts: await describeConflicts(query, quote),
  };
}

async function describeConflicts(query: SimulationQuery, quote: Quote): Promise<string[]> {
  if (!quote.problems.some((p) => p.code === 'unavailable')) return [];
  if (!isIsoDate(query.arrival) || !isIsoDate(query.departure) || daysBetween(query.arrival, query.departure) > STAY_NIGHTS_LIMIT) return [];
  const ranges = await listTakenRanges([query.roomId], query.arrival, query.departure, { excludeBookingId: query.excludeBookingId ?? undefined });
  return ranges.map((r) => {
    const what = r.label ? `${KIND_LABELS[r.kind]} : ${r.label}` : KIND_LABELS[r.kind];
    const nights = daysBetween(r.from, r.to);
    return `${what}, du ${formatNightFr(r.from)} au ${formatNightFr(r.to)} (${nightsFr(nights)})`;
  });
}
