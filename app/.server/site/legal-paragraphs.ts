// The paragraphs of the legal notice. The notice never shows a placeholder: a field the
// owner has not filled falls back to what the site knows (the guesthouse publishes its
// own site; the owner directs its publication), or its sentence is left out, or said
// without it. What the law still requires is listed to the owner in the back office
// (listMissingLegalNoticeFields, content/site-settings.ts).
import type { LegalNotice } from '~/.server/content/site-settings';
import type { TFunction } from '~/lib/i18n';

export interface LegalFacts {
  /** The site's name (never empty: the shell falls back to a default). */
  name: string;
  /** The site's address on one line (never empty, likewise). */
  address: string;
  phone: string;
  email: string;
  notice: LegalNotice;
}

export function legalParagraphs(section: string, legal: TFunction, facts: LegalFacts): string[] {
  const { name, address, phone, email, notice } = facts;
  switch (section) {
    case 'editor': {
      const owner = notice.legalOwner.trim();
      const director = notice.publicationDirector.trim() || owner;
      return [
        owner ? legal('legal.editor.publisher', { name, owner }) : legal('legal.editor.publisherIsSite', { name }),
        legal('legal.address', { address }),
        phone ? legal('legal.phone', { phone }) : null,
        email ? legal('legal.email', { email }) : null,
        notice.legalSiret ? legal('legal.editor.siret', { siret: notice.legalSiret }) : null,
        director ? legal('legal.editor.director', { director }) : null,
      ].filter((p): p is string => p !== null);
    }
    case 'hosting': {
      const hostName = notice.hostName.trim();
      if (!hostName) return [legal('legal.hosting.hostUnnamed')];
      return [
        legal('legal.hosting.host', { hostName }),
        notice.hostAddress.trim() ? legal('legal.address', { address: notice.hostAddress }) : null,
        notice.hostPhone.trim() ? legal('legal.phone', { phone: notice.hostPhone }) : null,
      ].filter((p): p is string => p !== null);
    }
    case 'personalData':
      return legal('legal.personalData.body', { contact: email || legal('legal.personalData.contactByPost') }).split('\n\n');
    default:
      return legal(`legal.${section}.body`, { name }).split('\n\n');
  }
}
