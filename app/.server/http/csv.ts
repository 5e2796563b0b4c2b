// The one way the back office writes a spreadsheet (the arrivals list, a person's data):
// semicolons, as French spreadsheets read them, a BOM so that accents survive, CRLF lines.

/** A CSV field: quoted, quotes doubled, and a leading formula character neutralised (spreadsheets run them). */
export const csvField = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** Rows (the first one the header) as a CSV document. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
}
