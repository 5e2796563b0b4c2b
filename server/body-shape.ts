// The shape a request body may have before any parser sees it. Conform builds objects
// and arrays from field names (`a[3].b`), and does so in ways an attacker can abuse:
// `a[100000000]` becomes an array of 100 million holes that the validation reply echoes
// back (out of memory), and each repeat of one name copies the array built so far
// (`prev.concat(next)`: quadratic, 330,000 repeats froze the site for ten minutes).
// So the boundary bounds the number of fields, the repeats of one name, array indexes
// and nesting, and checks Conform's reserved fields, before an action runs.
import { EDITABLE_AMENITIES } from '~/lib/amenities';

/** The largest form (room editor with every amenity ticked) sends about 35 fields. */
export const MAX_FORM_FIELDS = 200;
/** Names a form may repeat (checkbox groups), with how many times. Others: see below. */
export const DECLARED_LISTS: Readonly<Record<string, number>> = { amenities: EDITABLE_AMENITIES.length };
/** A name no form declares as a list may still come twice (a duplicated hidden input); the action refuses it. */
export const MAX_REPEATS = 3;
/** Indexed lists (`phones[9]`) hold at most 10 rows; a little room above that. */
export const MAX_INDEX = 49;
/** Path segments in one name: `a.b[0].c` is 4. */
export const MAX_DEPTH = 4;
export const MAX_NAME_LENGTH = 100;
/** Conform's `__intent__` / `__state__` are small JSON documents. */
export const MAX_RESERVED_LENGTH = 4096;

export const CONFORM_INTENT = '__intent__';
export const CONFORM_STATE = '__state__';
const INTENT_TYPES = new Set(['validate', 'update', 'reset', 'insert', 'remove', 'reorder']);

/** C0 controls and DEL, except tab, line feed and carriage return (a NUL even makes PostgreSQL fail). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Conform's path grammar (parsePath): keys, `.` between them, `[N]` or a trailing `[]`. */
const SEGMENT = /([^.[\]]+)|\[(\d*)\]/g;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Why a field name is refused, or null when Conform may parse it. */
export function checkFieldName(name: string): string | null {
  if (name.length === 0) return 'nom de champ vide';
  if (name.length > MAX_NAME_LENGTH) return 'nom de champ trop long';
  if (CONTROL_CHARACTERS.test(name)) return 'caractères de contrôle';
  let depth = 0;
  let last = 0;
  SEGMENT.lastIndex = 0;
  for (let match = SEGMENT.exec(name); match; match = SEGMENT.exec(name)) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === '.')) return 'nom de champ illisible';
    const [, key, index] = match;
    if (key !== undefined && FORBIDDEN_KEYS.has(key)) return 'nom de champ interdit';
    if (index !== undefined && index !== '') {
      if (index.length > 3 || Number(index) > MAX_INDEX) return `indice de liste trop grand (${MAX_INDEX} au plus)`;
    }
    if (index === '' && SEGMENT.lastIndex !== name.length) return 'nom de champ illisible';
    if (++depth > MAX_DEPTH) return `champ trop imbriqué (${MAX_DEPTH} niveaux au plus)`;
    last = SEGMENT.lastIndex;
  }
  if (last !== name.length) return 'nom de champ illisible';
  return null;
}

function isIndex(value: unknown): boolean {
  return value === undefined || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_INDEX);
}

/** Depth of a parsed JSON value, stopping as soon as it passes `limit`. */
function jsonDepth(value: unknown, limit: number, depth = 0): number {
  if (depth > limit || value === null || typeof value !== 'object') return depth;
  let deepest = depth;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, jsonDepth(child, limit, depth + 1));
    if (deepest > limit) break;
  }
  return deepest;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Conform's `__intent__`: a known type and a payload naming a field within the same bounds. */
export function checkConformIntent(text: string): string | null {
  if (text.length > MAX_RESERVED_LENGTH) return 'intention de formulaire trop longue';
  const parsed = parseJson(text);
  if (!parsed.ok) return 'intention de formulaire illisible';
  const intent = parsed.value as { type?: unknown; payload?: Record<string, unknown> } | null;
  if (!intent || typeof intent !== 'object' || typeof intent.type !== 'string' || !INTENT_TYPES.has(intent.type)) {
    return 'intention de formulaire inconnue';
  }
  const payload = intent.payload;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return 'intention de formulaire illisible';
  if (payload.name !== undefined && (typeof payload.name !== 'string' || (payload.name !== '' && checkFieldName(payload.name)))) {
    return 'intention de formulaire : nom de champ refusé';
  }
  if (!isIndex(payload.index) || !isIndex(payload.from) || !isIndex(payload.to)) return 'intention de formulaire : indice refusé';
  if (jsonDepth(payload, MAX_DEPTH) > MAX_DEPTH) return 'intention de formulaire trop imbriquée';
  return null;
}

/** Conform's `__state__`: a small JSON object. */
export function checkConformState(text: string): string | null {
  if (text.length > MAX_RESERVED_LENGTH) return 'état de formulaire trop long';
  const parsed = parseJson(text);
  if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    return 'état de formulaire illisible';
  }
  if (jsonDepth(parsed.value, MAX_DEPTH) > MAX_DEPTH) return 'état de formulaire trop imbriqué';
  return null;
}

/**
 * Why a form body is refused, or null. Walks the entries once and stops at the first
 * fault, so a flood costs one linear pass at most.
 */
export function checkFormEntries(entries: Iterable<[string, FormDataEntryValue]>): string | null {
  const repeats = new Map<string, number>();
  let fields = 0;
  for (const [name, value] of entries) {
    if (++fields > MAX_FORM_FIELDS) return `trop de champs (${MAX_FORM_FIELDS} au plus)`;
    const count = (repeats.get(name) ?? 0) + 1;
    repeats.set(name, count);
    if (count === 1) {
      const fault = checkFieldName(name);
      if (fault) return fault;
    }
    if (count > (DECLARED_LISTS[name] ?? MAX_REPEATS)) return `champ « ${name.slice(0, 40)} » répété trop de fois`;
    if (typeof value !== 'string') continue;
    if (CONTROL_CHARACTERS.test(value)) return 'caractères de contrôle';
    if (name === CONFORM_INTENT || name === CONFORM_STATE) {
      if (count > 1) return `champ réservé ${name} répété`;
      const fault = name === CONFORM_INTENT ? checkConformIntent(value) : checkConformState(value);
      if (fault) return fault;
    }
  }
  return null;
}
