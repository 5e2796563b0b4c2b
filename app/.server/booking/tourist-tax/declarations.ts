// A period's register as the owner reads it, declares and pays it (issue 44): an open period
// is computed from the stays, with the corrections of the periods declared before it; a
// declared period is locked — its register is the one kept when it was declared. A later
// change to a stay of a declared period never touches it: the next open period carries a
// correction (the declared line taken back, the stay as it is now), and declaring that
// period declares the correction. Declarations and withdrawals take turns (an advisory
// lock), so that no correction is declared twice.
import { asc, desc, eq } from 'drizzle-orm';
import { formatNightFr, type IsoDate } from '~/lib/nights';
import type { DeclareTaxPeriodInput } from '~/lib/schemas/tourist-tax';
import { parseTaxPeriod, periodsOverlap, shiftTaxPeriod, taxPeriodOf, type DeclarationFrequency, type TaxCollector, type TaxPeriod } from '~/lib/tourist-tax';
import { loadTouristTaxSettings } from '../../content/site-settings';
import { lockForTransaction, LOCKS } from '../../db/advisory-lock';
import { db, type Executor } from '../../db/client';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors';
import { touristTaxDeclarations } from '../../db/schema';
import { guesthouseToday } from '../../guesthouse-time';
import { notFound, refuse, type NotFound, type Refusal } from '../../rule-refusal';
import { listRegisterRows, registerTotals, type RegisterRow, type RegisterTotals } from './register';

type DeclarationRow = typeof touristTaxDeclarations.$inferSelect;

/** A declared period as the screen shows it. */
export interface DeclarationView {
  period: string;
  label: string;
  declaredOn: IsoDate;
  paidCents: number;
  reference: string | null;
  declaredBy: string | null;
}

export interface TaxRegister {
  period: TaxPeriod;
  rows: RegisterRow[];
  totals: RegisterTotals;
  /** Set when the period is declared: its rows are the ones kept then. */
  declared: DeclarationView | null;
  /** A declared period of another length that shares nights with this one (the frequency changed): this one cannot be declared. */
  overlapping: string | null;
}

const MAX_DECLARATIONS = 1_000;
/** How far the search for the next open period goes (a century of months). */
const MAX_PERIOD_STEPS = 1_200;

const listDeclarations = (executor: Executor = db) =>
  executor.select().from(touristTaxDeclarations).orderBy(asc(touristTaxDeclarations.periodStart)).limit(MAX_DECLARATIONS);

const labelOf = (declaration: DeclarationRow) => parseTaxPeriod(declaration.period)?.label ?? declaration.period;

const viewOf = (declaration: DeclarationRow): DeclarationView => ({
  period: declaration.period,
  label: labelOf(declaration),
  declaredOn: declaration.declaredOn,
  paidCents: declaration.paidCents,
  reference: declaration.reference,
  declaredBy: declaration.declaredBy,
});

const span = (declaration: DeclarationRow) => ({ start: declaration.periodStart, end: declaration.periodEnd });

/** The first period after `declaration` (of today's frequency) that no declaration covers: where its corrections go. */
function nextOpenPeriod(declaration: DeclarationRow, declarations: DeclarationRow[], frequency: DeclarationFrequency): TaxPeriod | null {
  let period = taxPeriodOf(declaration.periodEnd, frequency);
  for (let step = 0; step < MAX_PERIOD_STEPS; step++) {
    if (period.start >= declaration.periodEnd && !declarations.some((d) => periodsOverlap(span(d), period))) return period;
    period = shiftTaxPeriod(period, 1);
  }
  return null;
}

type Sums = { nights: number; taxableNights: number; exemptNights: number; amountCents: number };

/** A stay's lines summed by collector (a correction's lines carry their signs). */
function sumsByCollector(rows: RegisterRow[]): Map<TaxCollector, Sums> {
  const sums = new Map<TaxCollector, Sums>();
  for (const row of rows) {
    const s = sums.get(row.collector) ?? { nights: 0, taxableNights: 0, exemptNights: 0, amountCents: 0 };
    s.nights += row.nights;
    s.taxableNights += row.taxableNights ?? 0;
    s.exemptNights += row.exemptNights ?? 0;
    s.amountCents += row.amountCents ?? 0;
    sums.set(row.collector, s);
  }
  for (const [collector, s] of sums) if (!s.nights && !s.taxableNights && !s.exemptNights && !s.amountCents) sums.delete(collector);
  return sums;
}

const sameSums = (a: Map<TaxCollector, Sums>, b: Map<TaxCollector, Sums>) =>
  a.size === b.size &&
  [...a].every(([collector, s]) => {
    const t = b.get(collector);
    return t && t.nights === s.nights && t.taxableNights === s.taxableNights && t.exemptNights === s.exemptNights && t.amountCents === s.amountCents;
  });

const groupByKey = (rows: RegisterRow[]) => {
  const groups = new Map<string, RegisterRow[]>();
  for (const row of rows) groups.set(row.key, [...(groups.get(row.key) ?? []), row]);
  return groups;
};

/**
 * What changed in `declaration`'s stays since it was declared, as correction lines: for
 * each stay whose figures differ from what was declared (with the corrections declared
 * since), the declared line taken back and the stay as it is now. Imported calendar events
 * carry no figures: they are never corrected.
 */
async function correctionsOf(declaration: DeclarationRow, declarations: DeclarationRow[], todaysRateCents: number): Promise<RegisterRow[]> {
  const declared = [
    ...(declaration.rows as RegisterRow[]).filter((r) => r.kind === 'stay'),
    ...declarations.flatMap((d) => (d.rows as RegisterRow[]).filter((r) => r.kind === 'correction' && r.correction?.period === declaration.period)),
  ];
  const now = (await listRegisterRows(span(declaration), todaysRateCents)).filter((r) => r.kind === 'stay');
  const declaredByKey = groupByKey(declared);
  const nowByKey = groupByKey(now);
  const periodLabel = labelOf(declaration);
  const corrections: RegisterRow[] = [];
  for (const key of new Set([...declaredByKey.keys(), ...nowByKey.keys()])) {
    const before = declaredByKey.get(key) ?? [];
    const after = nowByKey.get(key) ?? [];
    const beforeSums = sumsByCollector(before);
    if (sameSums(beforeSums, sumsByCollector(after))) continue;
    for (const [collector, s] of beforeSums) {
      // The line as last declared for this collector: its stay, adults and rate.
      const last = before.filter((r) => r.collector === collector && r.nights > 0).at(-1) ?? before.find((r) => r.collector === collector)!;
      corrections.push({
        ...last,
        id: `${key}:${declaration.period}:declared:${collector}`,
        kind: 'correction',
        nights: -s.nights,
        taxableNights: -s.taxableNights,
        exemptNights: -s.exemptNights,
        amountCents: -s.amountCents,
        correction: { period: declaration.period, periodLabel, side: 'declared' },
      });
    }
    for (const row of after)
      corrections.push({
        ...row,
        id: `${key}:${declaration.period}:current:${row.collector}`,
        kind: 'correction',
        correction: { period: declaration.period, periodLabel, side: 'current' },
      });
  }
  return corrections;
}

/** The register of an open period: its stays and the corrections of the declared periods whose next open period it is. */
async function computeRegister(period: TaxPeriod, declarations: DeclarationRow[], todaysRateCents: number, frequency: DeclarationFrequency) {
  const rows = await listRegisterRows(period, todaysRateCents);
  for (const declaration of declarations) {
    if (declaration.periodEnd > period.start) continue;
    if (nextOpenPeriod(declaration, declarations, frequency)?.key !== period.key) continue;
    rows.push(...(await correctionsOf(declaration, declarations, todaysRateCents)));
  }
  return { rows, totals: registerTotals(rows) };
}

/** The register of a period: as declared when it is, else computed now. */
export async function loadTaxRegister(period: TaxPeriod): Promise<TaxRegister> {
  const settings = await loadTouristTaxSettings();
  const declarations = await listDeclarations();
  const own = declarations.find((d) => d.period === period.key);
  if (own) return { period, rows: own.rows as RegisterRow[], totals: own.totals as RegisterTotals, declared: viewOf(own), overlapping: null };
  const overlapping = declarations.find((d) => periodsOverlap(span(d), period));
  const computed = await computeRegister(period, declarations, settings.perNightCents, settings.frequency);
  return { period, ...computed, declared: null, overlapping: overlapping ? labelOf(overlapping) : null };
}

/** The nights each declaration covers: what the reminders look at. */
export async function listDeclaredSpans(): Promise<Array<{ start: IsoDate; end: IsoDate }>> {
  return (await listDeclarations()).map(span);
}

/** The declared periods, the most recent period first (the screen's list); `withdrawable`: the one declared last, which may be withdrawn. */
export async function listDeclaredPeriods(): Promise<Array<DeclarationView & { withdrawable: boolean }>> {
  const rows = await db.select().from(touristTaxDeclarations).orderBy(desc(touristTaxDeclarations.createdAt)).limit(MAX_DECLARATIONS);
  return rows
    .map((row, index) => ({ ...viewOf(row), start: row.periodStart, withdrawable: index === 0 }))
    .sort((a, b) => (a.start < b.start ? 1 : -1))
    .map(({ start: _start, ...view }) => view);
}

export const DECLARATION_RULES = {
  alreadyDeclared: 'Cette période est déjà déclarée',
  notOver: (period: TaxPeriod) => `Période non terminée : ${period.label} se déclare à partir du ${formatNightFr(period.end)}`,
  futureDate: 'La date de paiement ne peut pas être dans le futur',
  overlaps: (label: string) => `Cette période partage des nuits avec la période déclarée « ${label} »`,
  notLatest: (label: string) => `Seule la dernière déclaration enregistrée (${label}) peut être annulée`,
  notDeclared: "Cette période n'est pas déclarée",
};

/**
 * Marks a finished period declared and paid (date, amount, reference) and keeps its
 * register as it stands, corrections included: from now on it is locked.
 */
export async function declareTaxPeriod(input: DeclareTaxPeriodInput, actor: string | null): Promise<{ period: string } | Refusal> {
  const period = parseTaxPeriod(input.period)!;
  const today = guesthouseToday();
  if (today < period.end) return refuse(DECLARATION_RULES.notOver(period));
  if (input.declaredOn > today) return refuse(DECLARATION_RULES.futureDate, { fieldErrors: { declaredOn: [DECLARATION_RULES.futureDate] } });
  try {
    return await db.transaction(async (tx) => {
      await lockForTransaction(tx, LOCKS.touristTaxDeclarations);
      const declarations = await listDeclarations(tx);
      const taken = declarations.find((d) => periodsOverlap(span(d), period));
      if (taken) return refuse(taken.period === period.key ? DECLARATION_RULES.alreadyDeclared : DECLARATION_RULES.overlaps(labelOf(taken)));
      const settings = await loadTouristTaxSettings(tx);
      const { rows, totals } = await computeRegister(period, declarations, settings.perNightCents, settings.frequency);
      await tx.insert(touristTaxDeclarations).values({
        period: period.key,
        periodStart: period.start,
        periodEnd: period.end,
        declaredOn: input.declaredOn,
        paidCents: input.paid,
        reference: input.reference,
        declaredBy: actor,
        rows,
        totals,
      });
      return { period: period.key };
    });
  } catch (error) {
    // Another declaration of these nights got in first (unique period, or the exclusion constraint).
    if (isExclusionViolation(error) || isUniqueViolation(error)) return refuse(DECLARATION_RULES.alreadyDeclared);
    throw error;
  }
}

/**
 * Withdraws a declaration entered by mistake: only the latest one recorded, so that no
 * later declaration has taken up its corrections. Its period opens again.
 */
export async function withdrawTaxDeclaration(periodKey: string): Promise<{ period: string } | Refusal | NotFound> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCKS.touristTaxDeclarations);
    const [latest] = await tx.select().from(touristTaxDeclarations).orderBy(desc(touristTaxDeclarations.createdAt)).limit(1);
    const [own] = await tx.select().from(touristTaxDeclarations).where(eq(touristTaxDeclarations.period, periodKey)).limit(1);
    if (!own) return notFound(DECLARATION_RULES.notDeclared);
    if (latest!.id !== own.id) return refuse(DECLARATION_RULES.notLatest(labelOf(latest!)));
    await tx.delete(touristTaxDeclarations).where(eq(touristTaxDeclarations.id, own.id));
    return { period: own.period };
  });
}
