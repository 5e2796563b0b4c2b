// Translation coverage (issue 16): for every language, how many of the site's
// translatable texts (the catalogue of content-keys.ts) are written, which are missing
// and which are "à revoir" because their French source changed after they were saved.
import { asc, eq, inArray } from 'drizzle-orm';
import { TRANSPORT_LABELS, type TransportType } from '~/lib/schemas/transport';
import { fingerprintText, SOURCE_LANGUAGE } from '../content/multilingual-content';
import {
  editorFieldName,
  editorLink,
  FIELD_EDITORS,
  roomTextKey,
  sectionTextKey,
  textKey,
  TEXT_OWNERS,
  TRANSLATABLE_FIELDS,
  type TextField,
  type TextOwner,
} from '../content/content-keys';
import { db } from '../db/client';
import { distances, homepageSections, languages, multilingualContent, rooms, seasons, transportOptions } from '../db/schema';
import { listEditingLanguages } from './site-languages';

/** One translatable text of the site: a field of an existing room, section, season… */
interface CatalogueEntry {
  owner: TextOwner;
  entityId: string | null;
  field: TextField;
  key: string;
  /** French, for lists: « Chambre « Lavande » · Nom de la chambre ». */
  label: string;
}

interface StoredText {
  value: string;
  fingerprint: string | null;
}

export type TextState = 'missing' | 'review' | 'done';

/** A text to write or to review in one language, with the link to its editor. */
export interface TextToTranslate {
  key: string;
  label: string;
  href: string;
  state: Exclude<TextState, 'done'>;
}

export interface LanguageCoverage {
  code: string;
  name: string;
  isActive: boolean;
  /** French: the texts others are translated from. */
  isSource: boolean;
  /** Texts to have in this language: those written in French (for French: those written in any language). */
  total: number;
  filled: number;
  review: number;
  /** filled / total, rounded down (99.6 % is not 100 %); 100 when there is nothing to translate. */
  percent: number;
  /** Missing texts first, then those to review, in catalogue order. */
  texts: TextToTranslate[];
}

/** Every translatable text that exists now. Transport descriptions count only for enabled options (their field shows only then). */
async function listCatalogue(stored: StoredTexts): Promise<CatalogueEntry[]> {
  const [roomRows, sectionRows, transportRows, seasonRows, distanceRows] = await Promise.all([
    db.select({ id: rooms.id }).from(rooms).orderBy(asc(rooms.position), asc(rooms.createdAt)),
    db.select({ id: homepageSections.id, title: homepageSections.title }).from(homepageSections).orderBy(asc(homepageSections.position)),
    db.select({ id: transportOptions.id, type: transportOptions.type, enabled: transportOptions.enabled }).from(transportOptions),
    db.select({ id: seasons.id, name: seasons.name }).from(seasons).orderBy(asc(seasons.name)),
    db.select({ id: distances.id, city: distances.city }).from(distances).orderBy(asc(distances.durationMinutes), asc(distances.city)),
  ]);
  return [
    ...entriesOf('site_config', [{ id: null, name: 'Configuration générale' }]),
    ...entriesOf(
      'room',
      roomRows.map((r, index) => ({ id: r.id, name: roomLabel(frenchText(stored, 'room', roomTextKey(r.id, 'name')), index) })),
    ),
    ...entriesOf(
      'homepage_section',
      sectionRows.map((s) => ({ id: s.id, name: `Section « ${frenchText(stored, 'homepage_section', sectionTextKey(s.id, 'title')) ?? s.title} »` })),
    ),
    ...entriesOf(
      'transport',
      transportRows
        .filter((t) => t.enabled)
        .sort((a, b) => Object.keys(TRANSPORT_LABELS).indexOf(a.type) - Object.keys(TRANSPORT_LABELS).indexOf(b.type))
        .map((t) => ({ id: t.id, name: `Transport « ${TRANSPORT_LABELS[t.type as TransportType] ?? t.type} »` })),
    ),
    ...entriesOf(
      'season',
      seasonRows.map((s) => ({ id: s.id, name: `Saison « ${s.name} »` })),
    ),
    ...entriesOf(
      'distance',
      distanceRows.map((d) => ({ id: d.id, name: `Distance « ${d.city} »` })),
    ),
  ];
}

/** Room names say what they are ("Chambre Lavande", "Suite Rose de Mai"): quoted alone; SPEC's 'Chambre #n' without one. */
const roomLabel = (name: string | undefined, index: number) => (name ? `« ${name} »` : `Chambre #${index + 1}`);

function entriesOf(owner: TextOwner, entities: Array<{ id: string | null; name: string }>): CatalogueEntry[] {
  const labels = FIELD_EDITORS[owner].fields as Record<string, { label: string }>;
  return entities.flatMap(({ id, name }) =>
    TRANSLATABLE_FIELDS[owner].map((field) => ({
      owner,
      entityId: id,
      field,
      key: textKey(owner, id as never, field as never),
      label: `${name} · ${labels[field]!.label}`,
    })),
  );
}

/** content_type|key → language → stored text */
type StoredTexts = Map<string, Map<string, StoredText>>;

const frenchText = (stored: StoredTexts, owner: TextOwner, key: string) => stored.get(`${owner}|${key}`)?.get(SOURCE_LANGUAGE)?.value;

async function loadStoredTexts(): Promise<StoredTexts> {
  const rows = await db
    .select({
      type: multilingualContent.contentType,
      key: multilingualContent.contentKey,
      language: multilingualContent.languageCode,
      value: multilingualContent.contentValue,
      fingerprint: multilingualContent.sourceFingerprint,
    })
    .from(multilingualContent)
    .where(inArray(multilingualContent.contentType, TEXT_OWNERS));
  const texts: StoredTexts = new Map();
  for (const row of rows) {
    if (row.value.trim() === '') continue;
    const id = `${row.type}|${row.key}`;
    const byLanguage = texts.get(id) ?? new Map<string, StoredText>();
    byLanguage.set(row.language, { value: row.value, fingerprint: row.fingerprint });
    texts.set(id, byLanguage);
  }
  return texts;
}

/** null: nothing to have in this language (no French source; for French, no text at all). */
function stateOf(stored: Map<string, StoredText> | undefined, language: string): TextState | null {
  const source = stored?.get(SOURCE_LANGUAGE);
  if (language === SOURCE_LANGUAGE) {
    if (source) return 'done';
    return stored && stored.size > 0 ? 'missing' : null;
  }
  if (!source) return null;
  const own = stored?.get(language);
  if (!own) return 'missing';
  return own.fingerprint === fingerprintText(source.value) ? 'done' : 'review';
}

/** The coverage of every language (hidden ones too), by position. */
export async function listTranslationCoverage(): Promise<LanguageCoverage[]> {
  const [languages, stored] = await Promise.all([listEditingLanguages(), loadStoredTexts()]);
  const catalogue = await listCatalogue(stored);
  return languages.map((language) => measure(language, catalogue, stored));
}

function measure(language: { code: string; name: string; isActive: boolean }, catalogue: CatalogueEntry[], stored: StoredTexts): LanguageCoverage {
  let total = 0;
  let filled = 0;
  let review = 0;
  const missing: TextToTranslate[] = [];
  const toReview: TextToTranslate[] = [];
  for (const entry of catalogue) {
    const state = stateOf(stored.get(`${entry.owner}|${entry.key}`), language.code);
    if (state === null) continue;
    total += 1;
    if (state === 'missing') {
      missing.push(linkOf(entry, language.code, state));
      continue;
    }
    filled += 1;
    if (state === 'review') {
      review += 1;
      toReview.push(linkOf(entry, language.code, state));
    }
  }
  return {
    code: language.code,
    name: language.name,
    isActive: language.isActive,
    isSource: language.code === SOURCE_LANGUAGE,
    total,
    filled,
    review,
    percent: total === 0 ? 100 : Math.floor((filled * 100) / total),
    texts: [...missing, ...toReview],
  };
}

/** The share of texts written in `code` (0–100), also for a language not created yet. */
export async function measureLanguagePercent(code: string): Promise<number> {
  const stored = await loadStoredTexts();
  const catalogue = await listCatalogue(stored);
  return measure({ code, name: code, isActive: false }, catalogue, stored).percent;
}

function linkOf(entry: CatalogueEntry, language: string, state: TextToTranslate['state']): TextToTranslate {
  return { key: entry.key, label: entry.label, href: editorLink(entry.owner, entry.entityId, entry.field, language), state };
}

/**
 * The fields of some entities whose text in `language` is "à revoir", by the name
 * their editor gives them (`data-text-field`), for the flag next to each field.
 */
export async function listFieldsToReview(targets: Array<{ owner: TextOwner; entityId: string | null }>, language: string): Promise<string[]> {
  if (language === SOURCE_LANGUAGE || targets.length === 0) return [];
  const stored = await loadStoredTexts();
  return targets.flatMap(({ owner, entityId }) =>
    TRANSLATABLE_FIELDS[owner]
      .filter((field) => stateOf(stored.get(`${owner}|${textKey(owner, entityId as never, field as never)}`), language) === 'review')
      .map((field) => editorFieldName(owner, entityId, field)),
  );
}

export interface IncompleteActivation {
  name: string;
  percent: number;
}

/**
 * Making a hidden language public while some of its texts are missing asks for a
 * confirmation (issue 16): its name and percentage when it would, else null (already
 * public, unknown, or complete).
 */
export async function findIncompleteActivation(target: { id: string } | { code: string; name: string }): Promise<IncompleteActivation | null> {
  let language = 'code' in target ? { ...target, isActive: false } : null;
  if ('id' in target) {
    const [row] = await db
      .select({ code: languages.code, name: languages.name, isActive: languages.isActive })
      .from(languages)
      .where(eq(languages.id, target.id));
    language = row ?? null;
  }
  if (!language || language.isActive) return null;
  const percent = await measureLanguagePercent(language.code);
  return percent < 100 ? { name: language.name, percent } : null;
}

export const incompleteActivationMessage = ({ name, percent }: IncompleteActivation) => `${name} n'est traduite qu'à ${percent} % : confirmez son activation.`;
