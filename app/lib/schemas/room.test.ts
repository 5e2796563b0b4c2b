import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { RoomListActionSchema, RoomSchema, SeasonPriceSchema, splitTags } from './room';

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) data.append(k, item);
  return data;
}

const ID = '6f1c8a36-3f3c-4b5e-9d7a-2f1f7f9d2b11';

describe('RoomSchema', () => {
  it('accepts a complete room and coerces numbers and amenities', () => {
    const s = parseWithZod(
      form({
        intent: 'save',
        name: '  Lavande ',
        maxGuests: '3',
        pricePerNight: '95.50',
        shortDescription: '<p>a</p>',
        tags: 'calme, vue',
        amenities: ['wifi', 'pool'],
      }),
      { schema: RoomSchema },
    );
    expect(s.status).toBe('success');
    if (s.status !== 'success') return;
    expect(s.value).toMatchObject({ name: 'Lavande', maxGuests: 3, pricePerNight: 95_50, amenities: ['wifi', 'pool'] });
  });

  it('accepts one amenity and none, and an empty price', () => {
    const one = parseWithZod(form({ intent: 'save', name: 'A', maxGuests: '2', amenities: 'wifi', pricePerNight: '' }), {
      schema: RoomSchema,
    });
    expect(one.status === 'success' && one.value.amenities).toEqual(['wifi']);
    expect(one.status === 'success' && one.value.pricePerNight).toBeUndefined();
    const none = parseWithZod(form({ intent: 'save', name: 'A', maxGuests: '2' }), { schema: RoomSchema });
    expect(none.status === 'success' && none.value.amenities).toEqual([]);
  });

  it('requires a name and a max guests between 1 and 10 as an integer', () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: '', maxGuests: '2' }, 'name', 'Le nom est requis'],
      [{ name: '   ', maxGuests: '2' }, 'name', 'Le nom est requis'],
      [{ name: 'A', maxGuests: '' }, 'maxGuests', 'Le nombre de personnes est requis'],
      [{ name: 'A', maxGuests: '0' }, 'maxGuests', 'Le nombre de personnes doit être compris entre 1 et 10'],
      [{ name: 'A', maxGuests: '11' }, 'maxGuests', 'Le nombre de personnes doit être compris entre 1 et 10'],
      [{ name: 'A', maxGuests: '2.5' }, 'maxGuests', 'Le nombre de personnes doit être un nombre entier'],
      [{ name: 'A', maxGuests: '2', pricePerNight: '0' }, 'pricePerNight', 'Le prix doit être supérieur à 0'],
      [{ name: 'A', maxGuests: '2', pricePerNight: '-3' }, 'pricePerNight', 'Le prix doit être supérieur à 0'],
      [{ name: 'A', maxGuests: '2', pricePerNight: '10.123' }, 'pricePerNight', 'Le prix ne peut avoir que 2 décimales'],
      [{ name: 'A', maxGuests: '2', pricePerNight: 'abc' }, 'pricePerNight', 'Le prix doit être un nombre'],
    ];
    for (const [fields, field, message] of cases) {
      const s = parseWithZod(form({ intent: 'save', ...fields }), { schema: RoomSchema });
      expect(s.status).toBe('error');
      expect(s.reply().error?.[field]).toEqual([message]);
    }
  });

  it('rejects unknown amenities', () => {
    const s = parseWithZod(form({ intent: 'save', name: 'A', maxGuests: '2', amenities: ['wifi', 'jacuzzi'] }), {
      schema: RoomSchema,
    });
    expect(s.status).toBe('error');
  });
});

describe('RoomListActionSchema and SeasonPriceSchema', () => {
  it('validates the list actions', () => {
    expect(parseWithZod(form({ intent: 'move', id: ID, direction: 'up' }), { schema: RoomListActionSchema }).status).toBe('success');
    expect(parseWithZod(form({ intent: 'move', id: ID, direction: 'left' }), { schema: RoomListActionSchema }).status).toBe('error');
    expect(parseWithZod(form({ intent: 'delete', id: 'nope' }), { schema: RoomListActionSchema }).status).toBe('error');
  });

  it('accepts season prices above 0 with cents, typed in euros (a comma too) and given in cents', () => {
    const ok = parseWithZod(form({ intent: 'save-season-price', seasonId: ID, price: '120.5' }), { schema: SeasonPriceSchema });
    expect(ok.status === 'success' && ok.value).toEqual({ intent: 'save-season-price', seasonId: ID, price: 120_50 });
    const comma = parseWithZod(form({ intent: 'save-season-price', seasonId: ID, price: '115,50' }), { schema: SeasonPriceSchema });
    expect(comma.status === 'success' && comma.value.intent === 'save-season-price' && comma.value.price).toBe(115_50);
    for (const price of ['0', '-1', '', 'x', '1.001']) {
      expect(parseWithZod(form({ intent: 'save-season-price', seasonId: ID, price }), { schema: SeasonPriceSchema }).status).toBe('error');
    }
  });
});

describe('splitTags', () => {
  it('trims, drops empties and duplicates', () => {
    expect(splitTags(' calme, vue ,, calme ,')).toEqual(['calme', 'vue']);
    expect(splitTags('')).toEqual([]);
    expect(splitTags(undefined)).toEqual([]);
  });

  it('is how RoomSchema reads the tags: the action gets the list', () => {
    const s = parseWithZod(form({ intent: 'save', name: 'A', maxGuests: '2', tags: ' calme, vue ,, calme ,' }), { schema: RoomSchema });
    expect(s.status === 'success' && s.value.tags).toEqual(['calme', 'vue']);
    const none = parseWithZod(form({ intent: 'save', name: 'A', maxGuests: '2' }), { schema: RoomSchema });
    expect(none.status === 'success' && none.value.tags).toEqual([]);
  });
});
