// Words the owner's stay screens share with their loaders (issue 35); safe in the browser.

/** '1 nuit', '3 nuits': a stay's length as the owner's screens write it. */
export const nightsFr = (n: number) => `${n} ${n > 1 ? 'nuits' : 'nuit'}`;

/** How many days ahead 'Aujourd'hui' lists the stays. */
export const UPCOMING_DAYS = 14;

export type DepositState = 'none' | 'due' | 'overdue' | 'online_due' | 'received' | 'paid';

const DEPOSIT_LABELS: Record<DepositState, string> = {
  none: 'sans acompte',
  due: 'acompte attendu',
  overdue: 'acompte en retard',
  online_due: 'en attente de paiement',
  received: 'acompte reçu',
  paid: 'réglé',
};
export const depositLabel = (state: DepositState) => DEPOSIT_LABELS[state];

const STATUS_LABELS: Record<string, string> = {
  pending: 'En attente',
  awaiting_payment: 'En attente de paiement',
  confirmed: 'Confirmée',
  refused: 'Refusée',
  cancelled: 'Annulée',
};
/** A booking's status as the owner reads it. */
export const bookingStatusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/**
 * A booking's status as the owner reads it, with what its money says (issue 52): a confirmed
 * stay whose deposit has not arrived reads « Confirmée — acompte attendu » (or « en retard »
 * past its deadline). Derived from the ledger, never stored (decision 0029).
 */
export function stayStatusLabel(
  row: { status: string; depositNature: string; depositDueDate: string | null },
  money: { outstandingBy: { deposit: number } },
  today: string,
): string {
  if (row.status !== 'confirmed' || money.outstandingBy.deposit <= 0) return bookingStatusLabel(row.status);
  const deposit = row.depositNature === 'arrhes' ? 'arrhes' : 'acompte';
  const late = row.depositDueDate !== null && today > row.depositDueDate;
  return `Confirmée — ${deposit} ${late ? 'en retard' : deposit === 'arrhes' ? 'attendues' : 'attendu'}`;
}

/** What a stay plans for later, as the owner reads it (the booking page's « Envois prévus »). */
export const STAY_PLAN_LABELS: Record<string, string> = {
  deposit_reminder: "Rappel de l'acompte",
  balance_reminder: 'Rappel du solde',
  checkout_note: 'Facture envoyée au départ',
};

export const SCHEDULED_STATE_LABELS: Record<string, string> = {
  planned: 'prévu',
  sent: 'envoyé',
  skipped: 'pas envoyé',
  cancelled: 'annulé',
};
