// A note or credit note as a PDF (issue 52), drawn from its kept content by pdfkit (a
// maintained PDF library) with the DejaVu Sans font embedded (subset) from the
// `dejavu-fonts-ttf` package: accents and € print on any machine, nothing to install.
// French first, then the guest's language where it differs, on each heading.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { formatMoney } from '~/lib/money';
import { utcMidnight, type IsoDate } from '~/lib/nights';
import type { NoteContent, NoteLine, Worded } from './note-content';
import { NOTE_WORDS, type NoteLanguage } from './note-words';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

type Words = (typeof NOTE_WORDS)['fr'];

/** The file a note is downloaded and attached as: "facture-2026-0007.pdf", "avoir-2026-0008.pdf". */
export const noteFileName = (note: Pick<NoteContent, 'kind' | 'number'>) => `${note.kind === 'note' ? 'facture' : 'avoir'}-${note.number}.pdf`;

const day = (date: IsoDate, language: NoteLanguage) => dateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(utcMidnight(date));

/** Draws the note; resolves with the PDF's bytes. */
export function renderNotePdf(note: NoteContent): Promise<Buffer> {
  const languages = note.languages;
  const both = (word: (w: Words, l: NoteLanguage) => string) => languages.map((l) => word(NOTE_WORDS[l] as Words, l)).join(' / ');
  const text = (value: Worded) =>
    languages
      .map((l) => value[l] ?? value.fr)
      .filter((v, i, all) => all.indexOf(v) === i)
      .join(' / ');
  const money = (cents: number) => formatMoney(cents, 'fr');
  const title = `${both((w) => (note.kind === 'note' ? w.note : w.creditNote))} ${note.number}`;

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, ...(note.issuer.name ? { Author: note.issuer.name } : {}) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = 50;
  const width = doc.page.width - 100;

  doc.font('bold').fontSize(18).text(title, left, 50);
  doc
    .font('body')
    .fontSize(10)
    .text(
      `${both((w) => w.date)} : ${languages
        .map((l) => day(note.issuedOn, l))
        .filter((v, i, a) => a.indexOf(v) === i)
        .join(' / ')}`,
    );
  if (note.credits) doc.text(both((w, l) => w.creditsNote(note.credits!.number, day(note.credits!.issuedOn, l))));
  doc.moveDown();

  const block = (heading: string, lines: string[]) => {
    doc.font('bold').fontSize(10).text(heading);
    doc.font('body');
    for (const line of lines.filter(Boolean)) doc.text(line);
    doc.moveDown(0.6);
  };
  block(
    both((w) => w.issuer),
    [note.issuer.name, note.issuer.address, note.issuer.siret ? `SIRET ${note.issuer.siret}` : ''],
  );
  block(
    both((w) => w.client),
    [note.guest.name, `${both((w) => w.reference)} ${note.reference}`],
  );
  block(
    both((w) => w.stay),
    [
      `${text(note.stay.room)} — ${languages.map((l) => NOTE_WORDS[l].stayDates(day(note.stay.arrival, l), day(note.stay.departure, l), note.stay.nights)).join(' / ')}`,
      languages.map((l) => NOTE_WORDS[l].guests(note.stay.adults, note.stay.children)).join(' / '),
      note.stay.place ? `${both((w) => w.place)} : ${note.stay.place.replace(/\s*\n\s*/g, ', ')}` : '',
    ],
  );

  // The lines: description, quantity, unit price, total.
  const columns = { description: left, quantity: left + width * 0.55, unit: left + width * 0.65, total: left + width * 0.82 };
  const row = (cells: [string, string, string, string], bold = false) => {
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    const y = doc.y;
    doc.text(cells[0], columns.description, y, { width: width * 0.53 });
    const bottom = doc.y;
    doc.text(cells[1], columns.quantity, y, { width: width * 0.09, align: 'right' });
    doc.text(cells[2], columns.unit, y, { width: width * 0.16, align: 'right' });
    doc.text(cells[3], columns.total, y, { width: width * 0.18, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 4;
    doc.x = left;
  };
  const line = (l: NoteLine) => row([text(l.label), String(l.quantity), money(l.unitCents), money(l.totalCents)]);
  row([both((w) => w.description), both((w) => w.quantity), both((w) => w.unit), both((w) => w.total)], true);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 4;
  for (const l of note.lines) line(l);
  row([both((w) => w.stayTotal), '', '', money(note.totalCents)], true);
  if (note.vat.mode === 'rate') {
    const rate = `${formatMoney(note.vat.rateBasisPoints, 'fr').replace(/\s*€$/, '')} %`;
    row([both((w) => w.beforeTax), '', '', money(note.vat.baseCents)]);
    row([both((w) => w.vat(rate)), '', '', money(note.vat.vatCents)]);
  }
  if (note.taxLine) line(note.taxLine);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 4;
  row([both((w) => w.amount), '', '', money(note.amountCents)], true);
  if (note.vat.mode === 'franchise') {
    doc.moveDown(0.5).font('body').fontSize(9).text(note.vat.mention, left);
  }

  if (note.kind === 'note') {
    doc.moveDown();
    doc
      .font('bold')
      .fontSize(10)
      .text(
        both((w) => w.payments),
        left,
      );
    for (const p of note.payments) row([`${day(p.on, 'fr')} — ${text(p.nature)} (${text(p.means)})`, '', '', money(p.amountCents)]);
    row([both((w) => w.paid), '', '', money(note.paidCents)], true);
    row([both((w) => w.balance), '', '', money(note.balanceCents)], true);
  }
  doc.end();
  return done;
}
