// The paragraphs of the legal notice. The notice never pretends: a field the owner has
// not filled is not replaced by a sentence standing in for it (the site's name as
// publisher, "on request"), its line is left out, and a section with nothing to say is
// not shown. What the law still requires is listed to the owner in the back office
// (listMissingLegalNoticeFields, content/site-settings.ts). The personal-data section
// is made from what the site really does (PERSONAL_DATA_USES) and the retention
// settings that the nightly purge applies (privacy/retention.ts).
import type { LegalSettings } from '~/.server/content/site-settings';
import { publisherContact } from '~/lib/schemas/legal-notice';
import type { Segment } from '~/lib/autolink';
import type { TFunction } from '~/lib/i18n';
import type { RetentionSettings } from '~/lib/schemas/personal-data';

export const LEGAL_SECTIONS = ['editor', 'hosting', 'intellectualProperty', 'liability', 'personalData', 'cookies', 'law'] as const;
export type LegalSection = (typeof LEGAL_SECTIONS)[number];

export interface LegalFacts {
  /** The site's name (never empty: the shell falls back to a default). */
  name: string;
  settings: LegalSettings;
  /** Deposits are paid by card through Stripe (the keys are set and the owner turned it on). */
  cardPayments: boolean;
  /** Mail leaves through a relay (SMTP_URL), a recipient of what the mails carry. */
  mailRelay: boolean;
  /** The language of the text (for the lists' "and"). */
  language: string;
}

/** The CNIL's site, named in the personal-data section (a link on the page). */
export const CNIL_WEBSITE = 'www.cnil.fr';

interface PersonalDataUse {
  /** Its text: legal.personalData.uses.<key> */
  key: string;
  /** Whether the site does it now. */
  applies: (facts: LegalFacts) => boolean;
  /** The periods its text names. */
  periods: (retention: RetentionSettings) => Record<string, number>;
}

/**
 * What the site collects, why and for how long: one entry per use, said only while the
 * site does it. The police forms (fiches de police, kept `retention.policeMonths`) join
 * this list with their text when the site keeps them.
 */
const PERSONAL_DATA_USES: PersonalDataUse[] = [
  { key: 'contact', applies: () => true, periods: (r) => ({ duration: r.contactMonths }) },
  { key: 'booking', applies: () => true, periods: (r) => ({ requestDuration: r.contactMonths, guestDuration: r.guestMonths }) },
  { key: 'guestBook', applies: () => true, periods: (r) => ({ duration: r.testimonialMonths }) },
  { key: 'cardPayments', applies: (facts) => facts.cardPayments, periods: () => ({}) },
];

const listOf = (items: string[], language: string) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items);

/** "3 years", "18 mois": a period of months as the text's language says it. */
function period(legal: TFunction, months: number): string {
  return months % 12 === 0 ? legal('legal.duration.years', { count: months / 12 }) : legal('legal.duration.months', { count: months });
}

const present = (values: Array<string | null | false>) => values.filter((p): p is string => typeof p === 'string' && p !== '');

function editorParagraphs(legal: TFunction, { name, settings }: LegalFacts): string[] {
  const { notice, site } = settings;
  const owner = notice.legalOwner.trim();
  const company = notice.publisherStatus === 'company';
  const contact = publisherContact(notice, site);
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ', ');
  return present([
    owner && legal(company ? 'legal.editor.publisherCompany' : 'legal.editor.publisher', { name, owner }),
    company && notice.legalForm.trim() && legal('legal.editor.legalForm', { form: notice.legalForm.trim() }),
    company && notice.shareCapital.trim() && legal('legal.editor.capital', { capital: notice.shareCapital.trim() }),
    notice.legalRcs.trim() && legal('legal.editor.rcs', { rcs: notice.legalRcs.trim() }),
    notice.legalSiret.trim() && legal('legal.editor.siret', { siret: notice.legalSiret.trim() }),
    contact.address && legal(company ? 'legal.editor.headOffice' : 'legal.address', { address: oneLine(contact.address) }),
    contact.phone && legal('legal.phone', { phone: contact.phone }),
    contact.email && legal('legal.email', { email: contact.email }),
    notice.publicationDirector.trim() && legal('legal.editor.director', { director: notice.publicationDirector.trim() }),
  ]);
}

function hostingParagraphs(legal: TFunction, { settings: { notice } }: LegalFacts): string[] {
  return present([
    notice.hostName.trim() && legal('legal.hosting.host', { hostName: notice.hostName.trim() }),
    notice.hostAddress.trim() && legal('legal.address', { address: notice.hostAddress.trim().replace(/\s*\n\s*/g, ', ') }),
    notice.hostPhone.trim() && legal('legal.phone', { phone: notice.hostPhone.trim() }),
  ]);
}

function personalDataParagraphs(legal: TFunction, facts: LegalFacts): string[] {
  const { notice, site } = facts.settings;
  const { retention } = facts.settings.privacy;
  const owner = notice.legalOwner.trim();
  const contact = publisherContact(notice, site);
  const uses = PERSONAL_DATA_USES.filter((use) => use.applies(facts));
  const recipients = present([
    legal('legal.personalData.recipients.publisher'),
    facts.mailRelay && legal('legal.personalData.recipients.mailRelay'),
    facts.cardPayments && legal('legal.personalData.recipients.stripe'),
  ]);
  // Where a request reaches the publisher: their e-mail, else their postal address.
  const reach = contact.email || (contact.address ? contact.address.replace(/\s*\n\s*/g, ', ') : '');
  return present([
    owner && legal('legal.personalData.controller', { owner }),
    legal('legal.personalData.intro'),
    ...uses.map((use) =>
      legal(
        `legal.personalData.uses.${use.key}`,
        Object.fromEntries(Object.entries(use.periods(retention)).map(([key, months]) => [key, period(legal, months)])),
      ),
    ),
    legal('legal.personalData.recipients.body', { recipients: listOf(recipients, facts.language) }),
    legal('legal.personalData.rights'),
    reach && legal('legal.personalData.exercise', { contact: reach }),
    legal('legal.personalData.cnil', { website: CNIL_WEBSITE }),
  ]);
}

function lawParagraphs(legal: TFunction, { name, settings: { notice } }: LegalFacts): string[] {
  const mediator = notice.mediatorName.trim();
  const website = notice.mediatorUrl.trim();
  return present([
    ...legal('legal.law.body', { name }).split('\n\n'),
    mediator && legal(website ? 'legal.law.mediator' : 'legal.law.mediatorNoWebsite', { name, mediator, website }),
  ]);
}

export function legalParagraphs(section: LegalSection, legal: TFunction, facts: LegalFacts): string[] {
  switch (section) {
    case 'editor':
      return editorParagraphs(legal, facts);
    case 'hosting':
      return hostingParagraphs(legal, facts);
    case 'personalData':
      return personalDataParagraphs(legal, facts);
    case 'law':
      return lawParagraphs(legal, facts);
    default:
      return legal(`legal.${section}.body`, { name: facts.name }).split('\n\n');
  }
}

/** The websites the notice names (the mediator's, the CNIL's) as links, in segments already cut by linkText. */
export function linkWebsites(segments: Segment[], websites: string[]): Segment[] {
  const named = websites.map((w) => w.trim()).filter(Boolean);
  if (named.length === 0) return segments;
  return segments.flatMap((segment) => {
    if (segment.type !== 'text') return [segment];
    const parts: Segment[] = [];
    let rest = segment.text;
    for (;;) {
      const found = named
        .map((website) => ({ website, at: rest.indexOf(website) }))
        .filter((f) => f.at >= 0)
        .sort((a, b) => a.at - b.at)[0];
      if (!found) break;
      if (found.at > 0) parts.push({ type: 'text', text: rest.slice(0, found.at) });
      const href = /^https?:\/\//i.test(found.website) ? found.website : `https://${found.website}`;
      parts.push({ type: 'website', text: found.website, href });
      rest = rest.slice(found.at + found.website.length);
    }
    if (rest) parts.push({ type: 'text', text: rest });
    return parts;
  });
}
