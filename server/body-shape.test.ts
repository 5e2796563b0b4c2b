import { describe, expect, it } from 'vitest';
import { checkConformIntent, checkConformState, checkFieldName, checkFormEntries, DECLARED_LISTS, MAX_FORM_FIELDS, MAX_INDEX } from './body-shape';

const entries = (pairs: string) => new URLSearchParams(pairs);

describe('checkFieldName', () => {
  it.each(['intent', 'phones[0]', `phones[${MAX_INDEX}]`, 'a.b', 'a[1].b', 'a.b.c.d', 'tags[]'])('accepts %s', (name) => {
    expect(checkFieldName(name)).toBeNull();
  });
  it.each([
    'a[100000000]',
    'a[3000000]',
    `a[${MAX_INDEX + 1}]`,
    'a[0001000]',
    'a.b.c.d.e',
    'a[0][0][0][0][0]',
    '__proto__.x',
    'a.constructor',
    'a..b',
    'a[]b',
    'a[x]',
    '',
    'x'.repeat(101),
  ])('refuses %s', (name) => {
    expect(checkFieldName(name)).not.toBeNull();
  });
});

describe('checkFormEntries', () => {
  it('accepts a legitimate form with a checkbox group', () => {
    const amenities = Array.from({ length: DECLARED_LISTS.amenities! }, (_, i) => `amenities=a${i}`).join('&');
    expect(checkFormEntries(entries(`intent=save&name=x&${amenities}&phones[0]=1&phones[1]=2`))).toBeNull();
  });
  it('refuses too many fields', () => {
    const flood = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=x`).join('&');
    expect(checkFormEntries(entries(flood))).toMatch(/trop de champs/);
  });
  it('refuses a name repeated beyond its bound', () => {
    expect(checkFormEntries(entries('a=&a=&a=&a='))).toMatch(/répété/);
    const amenities = Array.from({ length: DECLARED_LISTS.amenities! + 1 }, () => 'amenities=x').join('&');
    expect(checkFormEntries(entries(amenities))).toMatch(/répété/);
  });
  it('refuses a flood of 330,000 repeats in one linear pass', () => {
    const started = performance.now();
    expect(checkFormEntries(entries('a=&'.repeat(330_000)))).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(5_000); // a bound on a hang, not a speed target
  });
  it('refuses sparse indexes, deep names and control characters', () => {
    expect(checkFormEntries(entries('intent=contact&a%5B100000000%5D=x'))).toMatch(/indice/);
    expect(checkFormEntries(entries('a.b.c.d.e=x'))).toMatch(/imbriqué/);
    expect(checkFormEntries(entries('a=%00'))).toMatch(/contrôle/);
  });
  it('checks Conform reserved fields', () => {
    const intent = (value: unknown) => `__intent__=${encodeURIComponent(JSON.stringify(value))}`;
    expect(checkFormEntries(entries(intent({ type: 'validate', payload: { name: 'email' } })))).toBeNull();
    expect(checkFormEntries(entries(intent({ type: 'update', payload: { name: 'a[100000000]', value: 'x' } })))).not.toBeNull();
    expect(checkFormEntries(entries(intent({ type: 'insert', payload: { name: 'a', index: 1e8 } })))).not.toBeNull();
    expect(checkFormEntries(entries('__intent__=not-json'))).not.toBeNull();
    expect(checkFormEntries(entries('__intent__=null'))).not.toBeNull();
    expect(checkFormEntries(entries(intent({ type: 'drop', payload: {} })))).not.toBeNull();
    expect(checkFormEntries(entries('__state__=%7B%7D&__state__=%7B%7D'))).not.toBeNull();
  });
});

describe('reserved fields', () => {
  it('intent', () => {
    expect(checkConformIntent(JSON.stringify({ type: 'reorder', payload: { name: 'a', from: 0, to: 2 } }))).toBeNull();
    expect(checkConformIntent(JSON.stringify({ type: 'update', payload: { name: 'a', value: { b: { c: { d: { e: 1 } } } } } }))).not.toBeNull();
    expect(checkConformIntent('x'.repeat(5000))).not.toBeNull();
  });
  it('state', () => {
    expect(checkConformState('{"validated":{"email":true}}')).toBeNull();
    expect(checkConformState('[1]')).not.toBeNull();
    expect(checkConformState('{')).not.toBeNull();
  });
});
