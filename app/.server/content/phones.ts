// Phone numbers are stored as the owners typed them; links and foreign readers get
// the international form (libphonenumber-js, "min" metadata: enough to parse and
// format every country, without the per-type patterns of "max"). Server-only, so
// none of it reaches the browser bundle.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { autolink, type Segment } from '~/lib/autolink';
import { remember } from '~/lib/remember';
import { config } from '../environment';

export interface PhoneLink {
  /** tel: URI in international form, e.g. tel:+33465713218 */
  href: string;
  /** As stored on French pages; international (+33 4 65 71 32 18) elsewhere. */
  text: string;
  /** International form, e.g. for structured data. */
  international: string;
}

// Parsing costs ~0.1 ms and pages ask for the same few numbers (the owners') on every render: each answer is kept.
const linked = new Map<string, PhoneLink | null>();

/** A number read in the default country (PHONE_DEFAULT_COUNTRY) unless it carries its own prefix; null when it cannot be a number. */
export function linkPhone(raw: string, language: string, country: CountryCode = config().PHONE_DEFAULT_COUNTRY as CountryCode): PhoneLink | null {
  return remember(linked, `${country}|${language}|${raw}`, 256, () => {
    const number = parsePhoneNumberFromString(raw, country);
    if (!number?.isPossible()) return null;
    const international = number.formatInternational();
    return { href: number.getURI(), text: language === 'fr' ? raw.trim() : international, international };
  });
}

/**
 * The house's number in a mail to a guest: as stored for a French reader at home; in
 * international form for one who reads another language, or whose own number is of another
 * country (a French speaker in Belgium dials from there). Null when it cannot be a number.
 */
export function phoneForGuest(
  raw: string,
  language: string,
  guestPhone: string | null,
  country: CountryCode = config().PHONE_DEFAULT_COUNTRY as CountryCode,
): PhoneLink | null {
  const link = linkPhone(raw, language, country);
  const guestCountry = guestPhone ? parsePhoneNumberFromString(guestPhone, country)?.country : undefined;
  return link && guestCountry && guestCountry !== country ? { ...link, text: link.international } : link;
}

/**
 * A number as a French spreadsheet cell shows it and a phone here dials it: national for the
 * home country (06 12 34 56 78), with the international call prefix for others
 * (00 44 20 7946 0958). No leading « + », which a spreadsheet reads as a formula and the CSV
 * would have to neutralise with a visible apostrophe. As stored when it cannot be a number.
 */
export function phoneForSpreadsheet(raw: string, country: CountryCode = config().PHONE_DEFAULT_COUNTRY as CountryCode): string {
  const number = parsePhoneNumberFromString(raw, country);
  if (!number?.isPossible()) return raw.trim();
  return number.country === country ? number.formatNational() : number.format('IDD', { fromCountry: country });
}

/** Text cut into plain parts and links (SPEC §2 auto-linking), phone links in international form. */
export function linkText(text: string, language: string): Segment[] {
  return autolink(text).map((segment) => {
    if (segment.type !== 'phone') return segment;
    const phone = linkPhone(segment.text, language);
    return phone ? { ...segment, href: phone.href, text: phone.text } : segment;
  });
}
