import { describe, expect, it } from 'vitest';
import { autolink, type Segment } from './autolink';

const links = (segments: Segment[]) => segments.filter((s) => s.type !== 'text');

describe('autolink', () => {
  it('links emails with mailto', () => {
    const result = autolink('Écrivez à contact@mas-grasse.fr pour réserver.');
    expect(links(result)).toEqual([{ type: 'email', text: 'contact@mas-grasse.fr', href: 'mailto:contact@mas-grasse.fr' }]);
    expect(result.map((s) => s.text).join('')).toBe('Écrivez à contact@mas-grasse.fr pour réserver.');
  });

  it.each([
    ['06 12 34 56 78', 'tel:0612345678'],
    ['0612345678', 'tel:0612345678'],
    ['04.93.12.34.56', 'tel:0493123456'],
    ['04-93-12-34-56', 'tel:0493123456'],
    ['+33 6 12 34 56 78', 'tel:+33612345678'],
    ['+33 (0)4 93 12 34 56', 'tel:+33493123456'],
    ['+44 20 7946 0958', 'tel:+442079460958'],
  ])('links the phone %s', (phone, href) => {
    expect(links(autolink(`Tél : ${phone}.`))).toEqual([{ type: 'phone', text: phone, href }]);
  });

  it.each([
    'Du 12/05/2025 au 19/05/2025',
    'le 2025-05-12 2025-05-19',
    'Prix : 1 200 000 € ou 120,50 €',
    'Code postal 06130',
    'Réf 123456789',
    'Ouvert 2024 2025 2026 2027',
    'Numéro 1234567890123456789',
    '06130 Grasse',
    'Chambre 1, 2 personnes, 85 €',
  ])('does not link "%s" as a phone', (text) => {
    expect(links(autolink(text)).filter((s) => s.type === 'phone')).toEqual([]);
  });

  it('links a French street address with its postcode and city to a map', () => {
    const result = links(autolink('Adresse : 12 chemin des Oliviers, 06130 Grasse. Bienvenue'));
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ type: 'address', text: '12 chemin des Oliviers, 06130 Grasse' });
    expect(result[0]!.type === 'address' && result[0]!.href).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20chemin%20des%20Oliviers%2C%2006130%20Grasse',
    );
  });

  it('links a multi-line address', () => {
    const result = links(autolink('Mas de Grasse\n45 bis route de Nice\n06130 Grasse'));
    expect(result[0]).toMatchObject({ type: 'address', text: '45 bis route de Nice\n06130 Grasse' });
  });

  it('links a street alone only when it ends the phrase', () => {
    expect(links(autolink('Nous sommes 3 rue Droite.'))[0]).toMatchObject({ type: 'address', text: '3 rue Droite' });
    expect(links(autolink('Il y a 3 places de parking à 5 minutes'))).toEqual([]);
  });

  it('finds several kinds in one text, in order', () => {
    const result = links(autolink('12 avenue Thiers, 06000 Nice — 06 12 34 56 78 — hello@example.com'));
    expect(result.map((s) => s.type)).toEqual(['address', 'phone', 'email']);
  });

  it('keeps the phone inside an email part of the email', () => {
    expect(links(autolink('jean0612345678@example.com')).map((s) => s.type)).toEqual(['email']);
  });

  it('returns nothing for empty text', () => {
    expect(autolink('')).toEqual([]);
  });
});
