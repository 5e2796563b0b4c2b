import { describe, expect, it } from 'vitest';
import { recognisableName } from './recognisable-name';

describe('recognisableName', () => {
  it('keeps an ordinary name, accents, hyphens and apostrophes', () => {
    expect(recognisableName('  Jane   Doe ')).toBe('Jane Doe');
    expect(recognisableName('Jean-François')).toBe('Jean-François');
    expect(recognisableName("Zoë O'Brien")).toBe("Zoë O'Brien");
  });

  it('keeps at most two words and 30 characters', () => {
    expect(recognisableName('María José García López')).toBe('María José');
    expect(recognisableName('Aaaaaaaaaaaaaaaaaaaa Bbbbbbbbbbbbbbbbbbbb')).toBe('Aaaaaaaaaaaaaaaaaaaa');
    expect(recognisableName('A'.repeat(40))).toBe('');
  });

  it('drops links, URLs, addresses and domains whole, and every character that is not a letter', () => {
    expect(recognisableName('https://evil.example/pay Jane')).toBe('Jane');
    expect(recognisableName('www.evil.example')).toBe('');
    expect(recognisableName('evil.example now')).toBe('now');
    expect(recognisableName('pay@evil.example')).toBe('');
    expect(recognisableName('<b>Jane</b>')).toBe('');
    expect(recognisableName('<i>Jane')).toBe('iJane');
    expect(recognisableName('Jane 0800123456 !!!')).toBe('Jane');
    expect(recognisableName('Dr. Who')).toBe('Dr Who');
    expect(recognisableName('\u202eJane\u200b')).toBe('Jane');
  });
});
