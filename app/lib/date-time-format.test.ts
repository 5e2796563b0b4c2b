import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time-format';

describe('dateTimeFormat', () => {
  it('makes a formatter once per locale and options', () => {
    const first = dateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' });
    expect(dateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' })).toBe(first);
    expect(dateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' })).not.toBe(first);
    expect(dateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(first);
  });

  it('formats as a formatter made for the call would', () => {
    const instant = new Date('2026-11-24T23:30:00Z');
    expect(dateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(instant)).toBe('mardi 24 novembre 2026');
    expect(dateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'Europe/Paris' }).format(instant)).toBe('mercredi 25 novembre 2026');
  });
});
