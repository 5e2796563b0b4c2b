// SPEC §2 "Text auto-linking": emails (mailto), phone numbers of 10 to 15 digits
// (tel) and French street addresses (map link), found in plain text.

/** `website`: a site a text names on purpose (the legal notice's mediator and CNIL), never found by autolink. */
export type Segment = { type: 'text'; text: string } | { type: 'email' | 'phone' | 'address' | 'website'; text: string; href: string };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

// Digit groups joined by one space, dot or hyphen, with an optional +33 / (0) prefix.
// Boundaries keep numbers glued to letters, digits, slashes or commas (dates, prices) out.
const PHONE = /(?<![\w+/,.-])(\+\d{1,3}[ .-]?)?(\(0\)[ .-]?)?\d+(?:[ .-]\d+)*(?![\w/,-]|[.,]\d|\s?€)/g;

const STREET_TYPES =
  'rue|avenue|av\\.|boulevard|bd|chemin|route|place|impasse|allée|allee|quai|cours|traverse|montée|montee|square|passage|sentier|lieu-dit|hameau|domaine|voie|rond-point|promenade';
const CITY = "[A-ZÀ-Ý][\\wÀ-ÿ'’]*(?:-[\\wÀ-ÿ'’]+)*(?:\\s(?:sur|en|lès|les|le|la)\\s[A-ZÀ-Ý][\\wÀ-ÿ'’-]*)?";
// "12 bis chemin des Oliviers, 06130 Grasse" — the postcode and city are optional, but
// without them the street must end the line or be followed by punctuation.
const ADDRESS = new RegExp(
  `(?<![\\w])\\d{1,4}(?:\\s?(?:bis|ter))?,?\\s+(?:${STREET_TYPES})\\s[^\\n,;.\\d]{1,60}?` + `(?:,?\\s*\\d{5}\\s+${CITY}|(?=\\s*(?:[,;.\\n]|$)))`,
  'giu',
);

const digitsOf = (value: string) => value.replace(/\D/g, '');

function isPhone(candidate: string, international: boolean, trunk: boolean): boolean {
  const digits = digitsOf(candidate);
  if (digits.length < 10 || digits.length > 15) return false;
  let rest = candidate;
  if (international) rest = rest.replace(/^\+\d{1,3}[ .-]?/, '');
  if (trunk) rest = rest.replace(/^\(0\)[ .-]?/, '');
  const groups = rest.split(/[ .-]/);
  // A 5-digit group is a postcode, a 4-digit group glued to others a year or a price:
  // national numbers are one block or groups of 1 to 3 digits after the first.
  if (groups.length === 1) return true;
  return groups.every((g, i) => g.length >= 1 && g.length <= (i === 0 || international ? 4 : 3));
}

function telHref(text: string): string {
  const plus = text.trim().startsWith('+') ? '+' : '';
  const withoutTrunk = text.replace(/\(0\)/, '');
  return `tel:${plus}${digitsOf(withoutTrunk)}`;
}

export function mapUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.replace(/\s+/g, ' ').trim())}`;
}

interface Match {
  start: number;
  end: number;
  type: 'email' | 'phone' | 'address';
  href: string;
}

export function autolink(text: string): Segment[] {
  if (!text) return [];
  const found: Match[] = [];
  for (const m of text.matchAll(EMAIL)) {
    found.push({ start: m.index, end: m.index + m[0].length, type: 'email', href: `mailto:${m[0]}` });
  }
  for (const m of text.matchAll(ADDRESS)) {
    const value = m[0].trim();
    found.push({ start: m.index, end: m.index + value.length, type: 'address', href: mapUrl(value) });
  }
  for (const m of text.matchAll(PHONE)) {
    if (!isPhone(m[0], Boolean(m[1]), Boolean(m[2]))) continue;
    found.push({ start: m.index, end: m.index + m[0].length, type: 'phone', href: telHref(m[0]) });
  }
  // Earliest first; on a tie the longest wins; overlapping later matches are dropped.
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const match of found) {
    if (match.start < cursor) continue;
    if (match.start > cursor) segments.push({ type: 'text', text: text.slice(cursor, match.start) });
    segments.push({ type: match.type, text: text.slice(match.start, match.end), href: match.href });
    cursor = match.end;
  }
  if (cursor < text.length) segments.push({ type: 'text', text: text.slice(cursor) });
  return segments;
}
