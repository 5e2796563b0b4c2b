// Words the owner's stay screens share with their loaders (issue 35); safe in the browser.

/** '1 nuit', '3 nuits': a stay's length as the owner's screens write it. */
export const nightsFr = (n: number) => `${n} ${n > 1 ? 'nuits' : 'nuit'}`;

/** How many days ahead 'Aujourd'hui' lists the stays. */
export const UPCOMING_DAYS = 14;

export type DepositState = 'none' | 'due' | 'online_due' | 'received' | 'paid';

const DEPOSIT_LABELS: Record<DepositState, string> = {
  none: 'sans acompte',
  due: 'acompte attendu',
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
