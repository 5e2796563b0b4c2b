// The words of a booking's money (issue 52, FRENCH-RULES §3): the deposit's legal nature,
// the natures and means of the ledger's entries, the VAT regime, as the back office writes
// them. Safe in the browser (the forms' choices).

/** Money paid in advance is arrhes unless the contract says acompte (Code de la consommation L214-1). */
export const DEPOSIT_NATURES = ['arrhes', 'acompte'] as const;
export type DepositNature = (typeof DEPOSIT_NATURES)[number];

/** What a sum of the ledger is: received (a deposit, the balance, the tourist tax) or returned (a refund, a compensation). */
export const LEDGER_NATURES = ['arrhes', 'acompte', 'solde', 'taxe_sejour', 'remboursement', 'dedommagement'] as const;
export type LedgerNature = (typeof LEDGER_NATURES)[number];
export const RETURNED_NATURES: ReadonlySet<LedgerNature> = new Set(['remboursement', 'dedommagement']);
export const directionOf = (nature: LedgerNature) => (RETURNED_NATURES.has(nature) ? ('returned' as const) : ('received' as const));

/** How it was paid: by hand (the owner records it) or through Stripe (the webhook records it). */
export const LEDGER_MEANS = ['virement', 'cheque', 'especes', 'carte', 'stripe'] as const;
export type LedgerMeans = (typeof LEDGER_MEANS)[number];
/** The means the owner types; Stripe's are recorded by Stripe's answers only. */
export const OWNER_MEANS = ['virement', 'cheque', 'especes', 'carte'] as const;

export const NATURE_LABELS: Record<LedgerNature, string> = {
  arrhes: 'Arrhes',
  acompte: 'Acompte',
  solde: 'Solde',
  taxe_sejour: 'Taxe de séjour',
  remboursement: 'Remboursement',
  dedommagement: 'Dédommagement',
};

export const MEANS_LABELS: Record<LedgerMeans, string> = {
  virement: 'Virement',
  cheque: 'Chèque',
  especes: 'Espèces',
  carte: 'Carte',
  stripe: 'Carte (Stripe)',
};

/** VAT on the notes: the small-business franchise (« TVA non applicable, art. 293 B du CGI ») or a rate. */
export const VAT_MODES = ['franchise', 'rate'] as const;
export type VatMode = (typeof VAT_MODES)[number];
/** The VAT rate on lodging when the owner charges VAT (10 %, CGI art. 279 a), in basis points: the rate until they set another. */
export const DEFAULT_VAT_RATE_BASIS_POINTS = 1000;
export const VAT_FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';

/** What each nature means on cancellation, as the owner reads it (Configuration, the cancel form). */
export const DEPOSIT_NATURE_MEANING: Record<DepositNature, string> = {
  arrhes: 'Arrhes : si le client annule, il les perd ; si vous annulez, vous lui rendez le double (art. L214-1 du Code de la consommation).',
  acompte: 'Acompte : le contrat engage les deux parties ; si le client annule, il reste redevable de ce que prévoient vos conditions.',
};
