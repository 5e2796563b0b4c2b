import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv';

describe('the back office’s CSV', () => {
  it('is a UTF-8 document with a BOM, semicolons and CRLF lines, every field quoted', () => {
    expect(
      csvText([
        ['Nom', 'Ville'],
        ['Zoé « Z »', 'Grasse; Alpes-Maritimes'],
      ]),
    ).toBe('\uFEFF"Nom";"Ville"\r\n"Zoé « Z »";"Grasse; Alpes-Maritimes"\r\n');
  });

  it('doubles quotes and never starts a cell with a formula character', () => {
    expect(csvField('dit "bonjour"')).toBe('"dit ""bonjour"""');
    for (const value of ['=1+1', '+33 6 12', '-3', '@SUM(A1)']) expect(csvField(value).slice(1, 2)).not.toMatch(/[=+\-@]/);
  });
});
