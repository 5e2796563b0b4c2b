// What a note (facture) says, made once when it is issued and kept as it was (FRENCH-RULES
// §4, arrêté 83-50/A art. 1): the issuer (the legal notice's name, the house's address, its
// SIRET), the guest, the stay's dates and place, its price line by line (quantity × unit =
// total, reductions as negative lines), the tourist tax on its own line, VAT (the rate with
// amounts before and with tax, or the franchise's mention), the payments received and the
// balance. Worded in French and in the guest's language where it differs; a credit note
// (avoir) is its note's content with every amount negated, referring to it.
import { guestChain, OWNER_CHAIN } from '~/lib/i18n';
import { daysBetween, type IsoDate } from '~/lib/nights';
import { DEFAULT_VAT_RATE_BASIS_POINTS, MEANS_LABELS, NATURE_LABELS, VAT_FRANCHISE_MENTION, type LedgerMeans, type LedgerNature } from '~/lib/money-terms';
import { roomTextKey } from '../../content/content-keys';
import { loadTexts, pickText } from '../../content/multilingual-content';
import type { Executor } from '../../db/client';
import { siteConfig, type bookings } from '../../db/schema';
import { houseTaxCents, listEntries, moneyStatus } from '../../payments/ledger';
import { loadSeasonNames } from '../pricing/quote-inputs';
import { describeQuoteLine } from '../pricing/quote-lines';
import type { Quote } from '../pricing/quote';
import { NOTE_WORDS, noteLanguages, type NoteLanguage } from './note-words';

type BookingRow = typeof bookings.$inferSelect;
/** A text in each language the note is written in. */
export type Worded = Partial<Record<NoteLanguage, string>> & { fr: string };

export interface NoteLine {
  label: Worded;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface NoteContent {
  kind: 'note' | 'credit_note';
  number: string;
  issuedOn: IsoDate;
  /** A credit note's note. */
  credits: { number: string; issuedOn: IsoDate } | null;
  languages: NoteLanguage[];
  issuer: { name: string; address: string; siret: string };
  guest: { name: string };
  reference: string;
  stay: { room: Worded; place: string; arrival: IsoDate; departure: IsoDate; nights: number; adults: number; children: number };
  lines: NoteLine[];
  /** The stay's price, tax included (VAT): the lines' sum. */
  totalCents: number;
  vat: { mode: 'franchise'; mention: string } | { mode: 'rate'; rateBasisPoints: number; baseCents: number; vatCents: number };
  taxLine: NoteLine | null;
  /** The stay and the tourist tax. */
  amountCents: number;
  payments: Array<{ on: IsoDate; nature: Worded; means: Worded; amountCents: number }>;
  paidCents: number;
  balanceCents: number;
}

const worded = (languages: NoteLanguage[], word: (l: NoteLanguage) => string): Worded => Object.fromEntries(languages.map((l) => [l, word(l)])) as Worded;

type QuoteSnapshot = Pick<Quote, 'lines' | 'totalCents' | 'taxCents'>;

/**
 * The stay's lines as its quote kept them (nights per season, extra guests, reductions as
 * negative lines, the owner's agreed price), worded by the price engine's own words
 * (pricing/quote-lines.ts) in each language of the note, the seasons named in French on the
 * French side. They add up to the stay's price.
 */
async function stayLines(tx: Executor, quote: QuoteSnapshot, languages: NoteLanguage[]): Promise<NoteLine[]> {
  const seasonIds = quote.lines.flatMap((line) => (line.season ? [line.season.id] : []));
  const french = await loadSeasonNames(seasonIds, OWNER_CHAIN, tx);
  return quote.lines.map((line) => ({
    label: worded(languages, (l) => {
      const season = line.season && l === 'fr' ? { ...line.season, name: french.get(line.season.id) ?? line.season.name } : line.season;
      return describeQuoteLine({ ...line, season }, l).label;
    }),
    quantity: line.quantity,
    unitCents: line.unitCents,
    totalCents: line.totalCents,
  }));
}

/** The tourist tax on its own line: adults × nights at the rate (one line of the whole amount when the rate is not whole cents). */
function taxLine(row: BookingRow, languages: NoteLanguage[]): NoteLine | null {
  // A platform that collects the tax itself leaves it off the house's note (issue 44).
  if (houseTaxCents(row) <= 0) return null;
  const personNights = Math.max(0, row.guests - row.children) * daysBetween(row.arrival, row.departure);
  const unit = personNights > 0 && row.taxCents % personNights === 0 ? row.taxCents / personNights : null;
  return {
    label: worded(languages, (l) => NOTE_WORDS[l].touristTax),
    quantity: unit === null ? 1 : personNights,
    unitCents: unit ?? row.taxCents,
    totalCents: row.taxCents,
  };
}

/** The note of a confirmed stay as it stands now: its whole content but its number and date. */
export async function buildNoteContent(tx: Executor, row: BookingRow, issue: { number: string; issuedOn: IsoDate }): Promise<NoteContent> {
  const languages = noteLanguages(row.language);
  // Read in the issuing transaction (not through the page cache): its connection is the one it holds.
  const [site] = await tx
    .select({
      address: siteConfig.address,
      vatMode: siteConfig.vatMode,
      vatRate: siteConfig.vatRateBasisPoints,
      legalOwner: siteConfig.legalOwner,
      legalSiret: siteConfig.legalSiret,
      publisherAddress: siteConfig.publisherAddress,
    })
    .from(siteConfig)
    .limit(1);
  const roomTexts = (await loadTexts('room', [row.roomId], tx)).get(roomTextKey(row.roomId, 'name'));
  const quote = row.quote as QuoteSnapshot;
  const lines = await stayLines(tx, quote, languages);
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const rate = site?.vatRate ?? DEFAULT_VAT_RATE_BASIS_POINTS;
  const baseCents = Math.round((totalCents * 10_000) / (10_000 + rate));
  const tax = taxLine(row, languages);
  const entries = await listEntries(row.id, tx);
  const status = moneyStatus(row, entries);
  const amountCents = totalCents + (tax?.totalCents ?? 0);
  return {
    kind: 'note',
    number: issue.number,
    issuedOn: issue.issuedOn,
    credits: null,
    languages,
    issuer: { name: site?.legalOwner ?? '', address: site?.publisherAddress || site?.address || '', siret: site?.legalSiret ?? '' },
    guest: { name: row.guestName.trim() },
    reference: row.reference,
    stay: {
      room: worded(languages, (l) => pickText(roomTexts, l === 'fr' ? OWNER_CHAIN : guestChain(l)) || 'Chambre'),
      place: site?.address ?? '',
      arrival: row.arrival,
      departure: row.departure,
      nights: daysBetween(row.arrival, row.departure),
      adults: Math.max(0, row.guests - row.children),
      children: row.children,
    },
    lines,
    totalCents,
    vat:
      (site?.vatMode ?? 'franchise') === 'rate'
        ? { mode: 'rate', rateBasisPoints: rate, baseCents, vatCents: totalCents - baseCents }
        : { mode: 'franchise', mention: VAT_FRANCHISE_MENTION },
    taxLine: tax,
    amountCents,
    payments: entries
      .filter((e) => e.stripeStatus !== 'failed' && e.stripeStatus !== 'canceled')
      .map((e) => ({
        on: e.occurredOn,
        nature: worded(languages, (l) => (l === 'fr' ? NATURE_LABELS[e.nature as LedgerNature] : NOTE_WORDS[l].natures[e.nature as LedgerNature])),
        means: worded(languages, (l) => (l === 'fr' ? MEANS_LABELS[e.means as LedgerMeans] : NOTE_WORDS[l].means[e.means as LedgerMeans])),
        amountCents: e.direction === 'returned' ? -e.amountCents : e.amountCents,
      })),
    paidCents: status.heldCents,
    balanceCents: amountCents - status.heldCents,
  };
}

/** A credit note cancelling `note` whole: its content with every amount negated, referring to it. */
export function creditNoteContent(note: NoteContent, issue: { number: string; issuedOn: IsoDate }): NoteContent {
  const negate = (line: NoteLine): NoteLine => ({ ...line, unitCents: -line.unitCents, totalCents: -line.totalCents });
  return {
    ...note,
    kind: 'credit_note',
    number: issue.number,
    issuedOn: issue.issuedOn,
    credits: { number: note.number, issuedOn: note.issuedOn },
    lines: note.lines.map(negate),
    totalCents: -note.totalCents,
    vat: note.vat.mode === 'rate' ? { ...note.vat, baseCents: -note.vat.baseCents, vatCents: -note.vat.vatCents } : note.vat,
    taxLine: note.taxLine ? negate(note.taxLine) : null,
    amountCents: -note.amountCents,
    payments: [],
    paidCents: 0,
    balanceCents: -note.amountCents,
  };
}
