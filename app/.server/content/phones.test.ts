import { describe, expect, it } from 'vitest';
import { linkPhone, linkText, phoneForGuest, phoneForSpreadsheet } from './phones';

describe('linkPhone', () => {
  it('links a French number as entered in international form', () => {
    expect(linkPhone('04 65 71 32 18', 'fr', 'FR')).toEqual({ href: 'tel:+33465713218', text: '04 65 71 32 18', international: '+33 4 65 71 32 18' });
    expect(linkPhone('0465713218', 'de', 'FR')?.text).toBe('+33 4 65 71 32 18');
    expect(linkPhone('+33 (0)4 65 71 32 18', 'en', 'FR')?.href).toBe('tel:+33465713218');
  });

  it('keeps a foreign prefix and refuses what cannot be a number', () => {
    expect(linkPhone('+44 20 7946 0958', 'fr', 'FR')?.href).toBe('tel:+442079460958');
    expect(linkPhone('0612', 'fr', 'FR')).toBeNull();
  });

  it('answers again from what it kept, per number, language and country', () => {
    const first = linkPhone('04 65 71 32 18', 'de', 'FR');
    expect(linkPhone('04 65 71 32 18', 'de', 'FR')).toBe(first);
    expect(linkPhone('04 65 71 32 18', 'fr', 'FR')?.text).toBe('04 65 71 32 18');
    expect(linkPhone('0612', 'fr', 'FR')).toBeNull();
    // Past its bound the map starts again, and the answers stay right.
    for (let n = 0; n < 300; n++) linkPhone(`06 12 34 ${String(n).padStart(4, '0')}`, 'fr', 'FR');
    expect(linkPhone('04 65 71 32 18', 'de', 'FR')).toEqual(first);
  });
});

describe('linkText', () => {
  it('rewrites the phone links found in a text, leaves the rest', () => {
    const segments = linkText('Appelez le 04 65 71 32 18 ou écrivez à a@example.com', 'es');
    expect(segments).toContainEqual({ type: 'phone', text: '+33 4 65 71 32 18', href: 'tel:+33465713218' });
    expect(segments).toContainEqual({ type: 'email', text: 'a@example.com', href: 'mailto:a@example.com' });
  });
});

describe('phoneForGuest', () => {
  it('shows the house number as stored to a French reader at home, internationally to anyone abroad', () => {
    expect(phoneForGuest('04 65 71 32 18', 'fr', '06 12 34 56 78', 'FR')?.text).toBe('04 65 71 32 18');
    expect(phoneForGuest('04 65 71 32 18', 'fr', null, 'FR')?.text).toBe('04 65 71 32 18');
    // Another language, or a French speaker whose own number is Belgian.
    expect(phoneForGuest('04 65 71 32 18', 'en', '06 12 34 56 78', 'FR')?.text).toBe('+33 4 65 71 32 18');
    expect(phoneForGuest('04 65 71 32 18', 'fr', '+32 470 12 34 56', 'FR')).toEqual({
      href: 'tel:+33465713218',
      text: '+33 4 65 71 32 18',
      international: '+33 4 65 71 32 18',
    });
    // A guest's number that is no number says nothing of where they are.
    expect(phoneForGuest('04 65 71 32 18', 'fr', 'n/a', 'FR')?.text).toBe('04 65 71 32 18');
    expect(phoneForGuest('pas de numéro', 'en', null, 'FR')).toBeNull();
  });
});

describe('phoneForSpreadsheet', () => {
  it('writes a number with no leading « + »: national at home, with the call prefix for another country', () => {
    expect(phoneForSpreadsheet('+33 6 12 34 56 78', 'FR')).toBe('06 12 34 56 78');
    expect(phoneForSpreadsheet('0612345678', 'FR')).toBe('06 12 34 56 78');
    expect(phoneForSpreadsheet('+44 20 7946 0958', 'FR')).toBe('00 44 20 7946 0958');
    // What cannot be a number is kept as typed (the CSV then neutralises a formula character).
    expect(phoneForSpreadsheet(' =1+1 ', 'FR')).toBe('=1+1');
  });
});
