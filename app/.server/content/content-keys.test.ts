import { describe, expect, it } from 'vitest';
import {
  parseTextKey,
  roomTextKey,
  seasonNameKey,
  sectionTextKey,
  siteTextKey,
  TEXT_OWNERS,
  textKey,
  TRANSLATABLE_FIELDS,
  transportDescriptionKey,
} from './content-keys';

const ID = '0b5c2f4e-7a51-4c1e-9d0f-3a2b1c4d5e6f';

describe('multilingual key patterns (SPEC §3)', () => {
  it('spells every key as the spec does', () => {
    expect(roomTextKey(ID, 'name')).toBe(`room_${ID}_name`);
    expect(roomTextKey(ID, 'short_description')).toBe(`room_${ID}_short_description`);
    expect(roomTextKey(ID, 'long_description')).toBe(`room_${ID}_long_description`);
    expect(roomTextKey(ID, 'tags')).toBe(`room_${ID}_tags`);
    expect(sectionTextKey(ID, 'title')).toBe(`homepage_section_${ID}_title`);
    expect(sectionTextKey(ID, 'content')).toBe(`homepage_section_${ID}_content`);
    expect(siteTextKey('name')).toBe('site_config_name');
    expect(siteTextKey('tagline')).toBe('site_config_tagline');
    expect(siteTextKey('modalites')).toBe('site_config_modalites');
    expect(transportDescriptionKey(ID)).toBe(`transport_${ID}_description`);
    expect(seasonNameKey(ID)).toBe(`season_${ID}_name`);
  });

  it('reads every catalogued key back to its owner, entity and field', () => {
    for (const owner of TEXT_OWNERS) {
      for (const field of TRANSLATABLE_FIELDS[owner]) {
        const entityId = owner === 'site_config' ? null : ID;
        const key = textKey(owner, entityId as never, field as never);
        expect(parseTextKey(key)).toEqual({ owner, entityId, field });
      }
    }
  });

  it('tells a section key from a room key and refuses keys outside the catalogue', () => {
    expect(parseTextKey(`homepage_section_${ID}_title`)?.owner).toBe('homepage_section');
    expect(parseTextKey(`room_${ID}_title`)).toBeNull();
    expect(parseTextKey('room_not-a-uuid_name')).toBeNull();
    expect(parseTextKey('site_config_phone')).toBeNull();
    expect(parseTextKey(`x_room_${ID}_name`)).toBeNull();
  });
});
