// The owner's price preview on the Saisons screen: what a guest would be quoted for
// a stay, from the one price engine (`quoteStay`), written in French with the
// public French catalog's wording of the reasons a stay cannot be requested.
import { createTranslator, OWNER_CHAIN, resolveCatalog } from '~/lib/i18n';
import { isUuid } from '~/lib/uuid';
import { isNotFound } from '../../rule-refusal';
import { quoteView } from './quote-view';
import { quoteStay } from './quote-inputs';

export interface PricePreviewQuery {
  roomId: string;
  arrival: string;
  departure: string;
  guests: number;
}

/** Reads a preview from the screen's query string; null when none was asked. */
export function parsePricePreviewQuery(params: URLSearchParams): PricePreviewQuery | null {
  const roomId = params.get('room');
  const arrival = params.get('arrival');
  const departure = params.get('departure');
  if (!roomId || !arrival || !departure) return null;
  const guests = Number.parseInt(params.get('guests') ?? '', 10);
  return { roomId, arrival: arrival.slice(0, 10), departure: departure.slice(0, 10), guests: Number.isInteger(guests) ? guests : 2 };
}

const french = createTranslator('fr', resolveCatalog('fr', 'fr'));

/** The itemised quote in French, or null when the room does not exist (or the query is unusable). */
export async function previewStayPrice(query: PricePreviewQuery) {
  if (!isUuid(query.roomId)) return null;
  const quote = await quoteStay(query.roomId, { arrival: query.arrival, departure: query.departure, guests: query.guests }, OWNER_CHAIN);
  if (isNotFound(quote)) return null;
  const view = quoteView(quote, 'fr');
  return {
    ...view,
    lines: view.lines.map((line) => ({ ...line, name: line.name ?? 'Tarif de base' })),
    problems: view.problems.map((p) => french(`booking.problem.${p.code}`, p.values)),
  };
}
