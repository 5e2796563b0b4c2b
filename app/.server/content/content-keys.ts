// The multilingual key patterns of SPEC §3 (`room_{id}_name`, `homepage_section_{id}_title`,
// `site_config_name`, `transport_{id}_description`, `season_{id}_name`…), owned here
// and nowhere else: builders for writing and reading, a parser for the way back, the
// SQL spelling for joins, and the catalogue of every translatable field (what the
// Traductions screen counts).
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContentType } from '../db/schema';

/**
 * Every translatable field, by owner. An owner's name is also the content_type of its
 * rows; `site_config` texts have no entity (entity_id null).
 */
export const TRANSLATABLE_FIELDS = {
  site_config: ['name', 'tagline', 'modalites', 'cancellation_terms'],
  room: ['name', 'short_description', 'long_description', 'tags'],
  homepage_section: ['title', 'content'],
  transport: ['description'],
  season: ['name'],
  distance: ['name'],
} as const satisfies Partial<Record<ContentType, readonly string[]>>;

export type TextOwner = keyof typeof TRANSLATABLE_FIELDS;
export type TextField<O extends TextOwner = TextOwner> = (typeof TRANSLATABLE_FIELDS)[O][number];
export type EntityOwner = Exclude<TextOwner, 'site_config'>;

export const TEXT_OWNERS = Object.keys(TRANSLATABLE_FIELDS) as TextOwner[];

/** The key of a site-wide text: `site_config_name`. */
export const siteTextKey = (field: TextField<'site_config'>) => `site_config_${field}`;
/** `room_{id}_name`, `room_{id}_short_description`, `room_{id}_long_description`, `room_{id}_tags`. */
export const roomTextKey = (id: string, field: TextField<'room'>) => `room_${id}_${field}`;
/** `homepage_section_{id}_title`, `homepage_section_{id}_content`. */
export const sectionTextKey = (id: string, field: TextField<'homepage_section'>) => `homepage_section_${id}_${field}`;
/** `transport_{id}_description`. */
export const transportDescriptionKey = (id: string) => `transport_${id}_description`;
/** `season_{id}_name` (the French name is also the `seasons.name` column). */
export const seasonNameKey = (id: string) => `season_${id}_name`;
/** `distance_{id}_name` (the French name is also the `distances.city` column). */
export const distanceNameKey = (id: string) => `distance_${id}_name`;

/** Any owner's key: the one generic builder (the catalogue and the coverage use it). */
export function textKey<O extends TextOwner>(owner: O, entityId: O extends 'site_config' ? null : string, field: TextField<O>): string {
  return owner === 'site_config' ? `site_config_${field}` : `${owner}_${entityId}_${field}`;
}

export interface ParsedTextKey {
  owner: TextOwner;
  /** null for site-wide texts. */
  entityId: string | null;
  field: TextField;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY_PATTERNS = TEXT_OWNERS.map((owner) => {
  const fields = (TRANSLATABLE_FIELDS[owner] as readonly string[]).join('|');
  const pattern = owner === 'site_config' ? `^site_config_(?<field>${fields})$` : `^${owner}_(?<id>${UUID})_(?<field>${fields})$`;
  return { owner, pattern: new RegExp(pattern, 'i') };
});

/** The way back from a key to its owner, entity and field; null for a key outside the catalogue. */
export function parseTextKey(key: string): ParsedTextKey | null {
  for (const { owner, pattern } of KEY_PATTERNS) {
    const match = pattern.exec(key);
    if (match?.groups) {
      return { owner, entityId: match.groups.id?.toLowerCase() ?? null, field: match.groups.field as TextField };
    }
  }
  return null;
}

/** The key spelled in SQL from an id column, for joins: `'room_' || rooms.id::text || '_name'`. */
export function sqlTextKey<O extends EntityOwner>(owner: O, idColumn: AnyPgColumn, field: TextField<O>): SQL<string> {
  return sql<string>`${`${owner}_`} || ${idColumn}::text || ${`_${field}`}`;
}

/**
 * Where each translatable field is edited: the French label shown in lists, the screen
 * (and tab) that edits it, and the field's name there. Editors mark the field's block
 * with `data-text-field="<name>"` so that a link `?editing=xx&tab=…&field=<name>`
 * opens it in that language, focused.
 */
export const FIELD_EDITORS = {
  site_config: {
    screen: () => '/admin/config',
    tab: null,
    fields: {
      name: { label: 'Nom du site', field: () => 'name' },
      tagline: { label: 'Slogan', field: () => 'tagline' },
      modalites: { label: 'Modalités', field: () => 'modalites' },
      cancellation_terms: { label: "Conditions d'annulation", field: () => 'cancellationTerms' },
    },
  },
  room: {
    screen: (id: string) => `/admin/room/${id}`,
    tab: 'general',
    fields: {
      name: { label: 'Nom de la chambre', field: () => 'name' },
      short_description: { label: 'Description courte', field: () => 'shortDescription' },
      long_description: { label: 'Description détaillée', field: () => 'longDescription' },
      tags: { label: 'Tags', field: () => 'tags' },
    },
  },
  homepage_section: {
    screen: (id: string) => `/admin/section/${id}`,
    tab: 'general',
    fields: {
      title: { label: 'Titre', field: () => 'title' },
      content: { label: 'Contenu', field: () => 'content' },
    },
  },
  transport: {
    screen: () => '/admin/config',
    tab: null,
    fields: { description: { label: 'Description', field: (id: string) => `transport-${id}` } },
  },
  season: {
    screen: () => '/admin/seasons',
    tab: null,
    fields: { name: { label: 'Nom', field: (id: string) => `season-${id}` } },
  },
  distance: {
    screen: () => '/admin/config',
    tab: null,
    fields: { name: { label: 'Nom', field: (id: string) => `distance-${id}` } },
  },
} as const satisfies {
  [O in TextOwner]: {
    screen: (id: string) => string;
    tab: string | null;
    fields: { [F in TextField<O>]: { label: string; field: (id: string) => string } };
  };
};

/** The name an editor gives the field (its `data-text-field`). */
export function editorFieldName(owner: TextOwner, entityId: string | null, field: TextField): string {
  const fields = FIELD_EDITORS[owner].fields as Record<string, { field: (id: string) => string }>;
  return fields[field]!.field(entityId ?? '');
}

/** The link that opens the field's editor in `language`, on the right tab, focused on the field. */
export function editorLink(owner: TextOwner, entityId: string | null, field: TextField, language: string): string {
  const editor = FIELD_EDITORS[owner];
  const params = new URLSearchParams({ editing: language });
  if (editor.tab) params.set('tab', editor.tab);
  params.set('field', editorFieldName(owner, entityId, field));
  return `${editor.screen(entityId ?? '')}?${params}`;
}
