import { describe, expect, it } from 'vitest';
import { frenchLanguageName } from './language-names';

describe('frenchLanguageName', () => {
  it('names a language in French, in lower case as inside a sentence', () => {
    expect(frenchLanguageName('en')).toBe('anglais');
    expect(frenchLanguageName('es')).toBe('espagnol');
    expect(frenchLanguageName('de')).toBe('allemand');
    expect(frenchLanguageName('fr')).toBe('français');
    expect(frenchLanguageName('it')).toBe('italien');
  });

  it('falls back to the given name for a code Intl does not know', () => {
    expect(frenchLanguageName('zz', 'Zorglangue')).toBe('Zorglangue');
    expect(frenchLanguageName('not a code', 'X')).toBe('X');
  });
});
