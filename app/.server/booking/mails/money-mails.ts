// What a guest's mail says of the money (issue 52): the deposit named for its legal nature
// (arrhes or acompte) with what that means on cancellation, how to pay it by transfer
// (amount, account, the booking's reference, deadline), the balance; after a change, the
// difference; after a cancellation, what was received, what the house keeps, what it
// refunds and how — never a balance to pay on a cancelled stay. Also the reminders and the
// mail that carries the note. In the guest's language (fr, en, es, de; another reads English).
import { formatMoney } from '~/lib/money';
import type { DepositNature } from '~/lib/money-terms';
import type { IsoDate } from '~/lib/nights';
import type { MailRow } from '../../mail/compose';

export const MONEY_LANGUAGES = ['fr', 'en', 'es', 'de'] as const;
type MoneyLanguage = (typeof MONEY_LANGUAGES)[number];
export const moneyLanguage = (code: string): MoneyLanguage => ((MONEY_LANGUAGES as readonly string[]).includes(code) ? (code as MoneyLanguage) : 'en');

/** The money facts of a booking a mail shows, read in the step's transaction (mail-facts.ts). */
export interface MailMoney {
  reference: string;
  status: string;
  depositNature: DepositNature;
  depositCents: number;
  depositDueDate: IsoDate | null;
  /** What remains of the deposit, and of the balance with the tourist tax. */
  depositOutstandingCents: number;
  balanceOutstandingCents: number;
  balanceDueDate: IsoDate | null;
  /** The account to transfer to; null until the owner gives one. */
  bank: { holder: string; iban: string; bic: string } | null;
  /** Received from the guest in all; of a cancelled stay, what the house keeps and what goes back (refunded or to refund), and the compensation it owes on top. */
  receivedCents: number;
  keptCents: number;
  returnedCents: number;
  compensationCents: number;
  /** What the house holds beyond what is now due (a shorter stay). */
  toRefundCents: number;
  /** A cancelled stay still owing what the terms of an acompte say. */
  outstandingCents: number;
  /** The house cancelled (the arrhes repaid twice) or the guest. */
  cancelledBy: 'guest' | 'house' | null;
  /** How a refund reaches the guest: the card paid through Stripe, else a transfer. */
  refundBy: 'card' | 'transfer';
  /** The stay's price and tax before a change, for the difference. */
  previousAmountCents: number | null;
  amountCents: number;
  /** The card payment link of the balance, when Stripe is on. */
  payUrl: string | null;
}

const W = {
  fr: {
    reference: 'Référence',
    nature: { arrhes: 'Arrhes', acompte: 'Acompte' },
    meaning: {
      arrhes: "Il s'agit d'arrhes : si vous annulez, elles restent acquises à la maison ; si la maison annule, elle vous rembourse le double.",
      acompte: "Il s'agit d'un acompte : la réservation est ferme ; si vous annulez, le solde reste dû selon nos conditions d'annulation.",
    },
    noWithdrawal:
      "Conformément à l'article L221-28 12° du Code de la consommation, cette réservation d'un hébergement à dates déterminées ne donne pas droit à rétractation.",
    transferAmount: 'Montant à virer',
    holder: 'Titulaire du compte',
    transferReference: 'Référence du virement',
    payBy: 'À régler avant le',
    balance: 'Solde (taxe de séjour comprise)',
    received: 'Déjà reçu',
    kept: 'Conservé par la maison',
    toRefund: 'Remboursé',
    compensation: 'Dédommagement (arrhes versées une seconde fois)',
    stillDue: 'Reste dû selon nos conditions',
    byCard: (amount: string) => `${amount}, sur la carte utilisée pour le paiement`,
    byTransfer: (amount: string) => `${amount}, par virement sur votre compte`,
    nothingToRefund: 'Aucun paiement reçu : rien à rembourser.',
    extraDue: 'Supplément à régler',
    refundDue: 'Trop-perçu remboursé',
    payCard: 'Payer par carte',
    depositReminderSubject: (site: string) => `Rappel : votre réservation attend son acompte — ${site}`,
    depositReminderTitle: 'Acompte à régler',
    depositReminderIntro: (name: string, nature: string, date: string) =>
      `Bonjour ${name}, nous n'avons pas encore reçu ${nature === 'Arrhes' ? 'les arrhes' : "l'acompte"} de votre réservation : merci de ${nature === 'Arrhes' ? 'les' : 'le'} régler avant le ${date}.`,
    balanceReminderSubject: (site: string) => `Rappel : le solde de votre séjour — ${site}`,
    balanceReminderTitle: 'Solde du séjour',
    balanceReminderIntro: (name: string, date: string) => `Bonjour ${name}, votre séjour approche. Le solde est à régler au plus tard le ${date}.`,
    noteSubject: (site: string, number: string) => `Votre facture n° ${number} — ${site}`,
    noteTitle: 'Votre facture',
    noteIntro: (name: string, number: string) => `Bonjour ${name}, merci de votre séjour. Vous trouverez ci-joint votre facture n° ${number}.`,
  },
  en: {
    reference: 'Reference',
    nature: { arrhes: 'Deposit (arrhes)', acompte: 'Down payment (acompte)' },
    meaning: {
      arrhes: 'This deposit is paid as arrhes: if you cancel, it is not refunded; if we cancel, we pay you back twice the amount.',
      acompte: 'This deposit is a down payment (acompte): the booking is binding; if you cancel, the balance remains due under our cancellation terms.',
    },
    noWithdrawal: 'As accommodation booked for set dates, this booking carries no right of withdrawal (French Consumer Code, art. L221-28 12°).',
    transferAmount: 'Amount to transfer',
    holder: 'Account holder',
    transferReference: 'Transfer reference',
    payBy: 'To pay by',
    balance: 'Balance (tourist tax included)',
    received: 'Already received',
    kept: 'Kept by the house',
    toRefund: 'Refunded',
    compensation: 'Compensation (the deposit paid a second time)',
    stillDue: 'Still due under our terms',
    byCard: (amount: string) => `${amount}, to the card used for the payment`,
    byTransfer: (amount: string) => `${amount}, by bank transfer to your account`,
    nothingToRefund: 'No payment received: nothing to refund.',
    extraDue: 'Extra to pay',
    refundDue: 'Overpayment refunded',
    payCard: 'Pay by card',
    depositReminderSubject: (site: string) => `Reminder: your booking awaits its deposit — ${site}`,
    depositReminderTitle: 'Deposit to pay',
    depositReminderIntro: (name: string, _nature: string, date: string) =>
      `Hello ${name}, we have not yet received the deposit for your booking: please pay it by ${date}.`,
    balanceReminderSubject: (site: string) => `Reminder: the balance of your stay — ${site}`,
    balanceReminderTitle: 'Balance of your stay',
    balanceReminderIntro: (name: string, date: string) => `Hello ${name}, your stay is coming up. The balance is due by ${date}.`,
    noteSubject: (site: string, number: string) => `Your invoice no. ${number} — ${site}`,
    noteTitle: 'Your invoice',
    noteIntro: (name: string, number: string) => `Hello ${name}, thank you for your stay. Please find attached your invoice no. ${number}.`,
  },
  es: {
    reference: 'Referencia',
    nature: { arrhes: 'Señal (arras)', acompte: 'Anticipo (acompte)' },
    meaning: {
      arrhes: 'Este depósito son arras: si usted cancela, no se reembolsan; si la casa cancela, le devuelve el doble.',
      acompte:
        'Este depósito es un anticipo (acompte): la reserva es firme; si usted cancela, el saldo sigue siendo debido según nuestras condiciones de cancelación.',
    },
    noWithdrawal:
      'Al tratarse de un alojamiento para fechas determinadas, esta reserva no da derecho de desistimiento (Código de consumo francés, art. L221-28 12°).',
    transferAmount: 'Importe a transferir',
    holder: 'Titular de la cuenta',
    transferReference: 'Referencia de la transferencia',
    payBy: 'A pagar antes del',
    balance: 'Saldo (tasa turística incluida)',
    received: 'Ya recibido',
    kept: 'Retenido por la casa',
    toRefund: 'Reembolsado',
    compensation: 'Indemnización (la señal pagada por segunda vez)',
    stillDue: 'Pendiente según nuestras condiciones',
    byCard: (amount: string) => `${amount}, en la tarjeta utilizada para el pago`,
    byTransfer: (amount: string) => `${amount}, por transferencia a su cuenta`,
    nothingToRefund: 'Ningún pago recibido: nada que reembolsar.',
    extraDue: 'Suplemento a pagar',
    refundDue: 'Exceso reembolsado',
    payCard: 'Pagar con tarjeta',
    depositReminderSubject: (site: string) => `Recordatorio: su reserva espera el depósito — ${site}`,
    depositReminderTitle: 'Depósito pendiente',
    depositReminderIntro: (name: string, _nature: string, date: string) =>
      `Hola ${name}, todavía no hemos recibido el depósito de su reserva: le rogamos que lo pague antes del ${date}.`,
    balanceReminderSubject: (site: string) => `Recordatorio: el saldo de su estancia — ${site}`,
    balanceReminderTitle: 'Saldo de la estancia',
    balanceReminderIntro: (name: string, date: string) => `Hola ${name}, su estancia se acerca. El saldo debe pagarse a más tardar el ${date}.`,
    noteSubject: (site: string, number: string) => `Su factura n.º ${number} — ${site}`,
    noteTitle: 'Su factura',
    noteIntro: (name: string, number: string) => `Hola ${name}, gracias por su estancia. Adjuntamos su factura n.º ${number}.`,
  },
  de: {
    reference: 'Buchungsnummer',
    nature: { arrhes: 'Anzahlung (Reugeld, arrhes)', acompte: 'Anzahlung (acompte)' },
    meaning: {
      arrhes: 'Diese Anzahlung gilt als Reugeld (arrhes): Stornieren Sie, verfällt sie; storniert das Haus, erstattet es Ihnen den doppelten Betrag.',
      acompte:
        'Diese Anzahlung ist eine Teilzahlung (acompte): Die Buchung ist verbindlich; stornieren Sie, bleibt der Restbetrag nach unseren Stornobedingungen geschuldet.',
    },
    noWithdrawal: 'Als Unterkunft zu festen Terminen besteht für diese Buchung kein Widerrufsrecht (französisches Verbrauchergesetzbuch, Art. L221-28 12°).',
    transferAmount: 'Zu überweisender Betrag',
    holder: 'Kontoinhaber',
    transferReference: 'Verwendungszweck',
    payBy: 'Zahlbar bis',
    balance: 'Restbetrag (inkl. Kurtaxe)',
    received: 'Bereits erhalten',
    kept: 'Vom Haus einbehalten',
    toRefund: 'Erstattet',
    compensation: 'Entschädigung (die Anzahlung ein zweites Mal)',
    stillDue: 'Nach unseren Bedingungen noch geschuldet',
    byCard: (amount: string) => `${amount}, auf die für die Zahlung verwendete Karte`,
    byTransfer: (amount: string) => `${amount}, per Überweisung auf Ihr Konto`,
    nothingToRefund: 'Keine Zahlung erhalten: nichts zu erstatten.',
    extraDue: 'Zusätzlich zu zahlen',
    refundDue: 'Zu viel Gezahltes erstattet',
    payCard: 'Mit Karte zahlen',
    depositReminderSubject: (site: string) => `Erinnerung: Ihre Buchung wartet auf die Anzahlung — ${site}`,
    depositReminderTitle: 'Anzahlung offen',
    depositReminderIntro: (name: string, _nature: string, date: string) =>
      `Guten Tag ${name}, wir haben die Anzahlung für Ihre Buchung noch nicht erhalten: bitte zahlen Sie sie bis ${date}.`,
    balanceReminderSubject: (site: string) => `Erinnerung: der Restbetrag Ihres Aufenthalts — ${site}`,
    balanceReminderTitle: 'Restbetrag des Aufenthalts',
    balanceReminderIntro: (name: string, date: string) => `Guten Tag ${name}, Ihr Aufenthalt rückt näher. Der Restbetrag ist bis ${date} zu zahlen.`,
    noteSubject: (site: string, number: string) => `Ihre Rechnung Nr. ${number} — ${site}`,
    noteTitle: 'Ihre Rechnung',
    noteIntro: (name: string, number: string) => `Guten Tag ${name}, vielen Dank für Ihren Aufenthalt. Anbei Ihre Rechnung Nr. ${number}.`,
  },
} satisfies Record<MoneyLanguage, unknown>;

export const moneyWords = (language: string) => W[moneyLanguage(language)];

/** How to pay `cents` by transfer: the amount, the account, the booking's reference, the deadline. */
function transferRows(money: MailMoney, cents: number, dueDate: IsoDate | null, language: string, formatDate: (d: IsoDate) => string): MailRow[] {
  const w = moneyWords(language);
  if (!money.bank || cents <= 0) return [];
  return [
    { label: w.transferAmount, value: formatMoney(cents, language) },
    { label: w.holder, value: money.bank.holder },
    { label: 'IBAN', value: money.bank.iban },
    ...(money.bank.bic ? [{ label: 'BIC', value: money.bank.bic }] : []),
    { label: w.transferReference, value: money.reference },
    ...(dueDate ? [{ label: w.payBy, value: formatDate(dueDate) }] : []),
  ];
}

export type MoneyMoment = 'request' | 'confirmed' | 'changed' | 'cancelled' | 'deposit-reminder' | 'balance-reminder' | 'other';

/**
 * The money rows of a mail at this moment of the stay. A request and a confirmation name
 * the deposit's nature and what it means; a confirmation says how to pay by transfer and
 * that no withdrawal right applies; a change, the difference; a cancellation, what was
 * received, kept, refunded (and how) and any compensation, and no balance.
 */
export function moneyRows(money: MailMoney, moment: MoneyMoment, language: string, formatDate: (d: IsoDate) => string): MailRow[] {
  const w = moneyWords(language);
  const euros = (cents: number) => formatMoney(cents, language);
  const rows: MailRow[] = [{ label: w.reference, value: money.reference }];
  if (moment === 'cancelled') {
    rows.push({ label: w.received, value: euros(money.receivedCents) });
    if (money.receivedCents === 0 && money.compensationCents === 0) rows.push({ label: w.toRefund, value: w.nothingToRefund });
    if (money.keptCents > 0 && money.receivedCents > 0) rows.push({ label: w.kept, value: euros(Math.min(money.keptCents, money.receivedCents)) });
    if (money.returnedCents > 0) rows.push({ label: w.toRefund, value: (money.refundBy === 'card' ? w.byCard : w.byTransfer)(euros(money.returnedCents)) });
    if (money.compensationCents > 0) rows.push({ label: w.compensation, value: w.byTransfer(euros(money.compensationCents)) });
    if (money.outstandingCents > 0) rows.push({ label: w.stillDue, value: euros(money.outstandingCents) });
    return rows;
  }
  if (money.depositCents > 0) {
    rows.push({ label: w.nature[money.depositNature], value: euros(money.depositCents) });
    rows.push({ label: '', value: w.meaning[money.depositNature] });
  }
  if (moment === 'changed' && money.previousAmountCents !== null && money.previousAmountCents !== money.amountCents) {
    const difference = money.amountCents - money.previousAmountCents;
    if (difference > 0) rows.push({ label: w.extraDue, value: euros(difference) });
    else if (money.toRefundCents > 0)
      rows.push({ label: w.refundDue, value: (money.refundBy === 'card' ? w.byCard : w.byTransfer)(euros(money.toRefundCents)) });
  }
  if (moment === 'confirmed' || moment === 'changed' || moment === 'deposit-reminder') {
    if (money.depositOutstandingCents > 0) rows.push(...transferRows(money, money.depositOutstandingCents, money.depositDueDate, language, formatDate));
  }
  if ((moment === 'confirmed' || moment === 'changed') && money.depositCents > 0 && money.balanceOutstandingCents > 0) {
    const due = money.balanceDueDate ? ` (${w.payBy.toLowerCase()} ${formatDate(money.balanceDueDate)})` : '';
    rows.push({ label: w.balance, value: `${euros(money.balanceOutstandingCents)}${due}` });
  }
  if (moment === 'balance-reminder' || ((moment === 'confirmed' || moment === 'changed') && money.depositCents === 0)) {
    rows.push({ label: w.balance, value: euros(money.balanceOutstandingCents) });
    rows.push(...transferRows(money, money.balanceOutstandingCents, money.balanceDueDate, language, formatDate));
  }
  if (moment === 'confirmed') rows.push({ label: '', value: w.noWithdrawal });
  return rows;
}
