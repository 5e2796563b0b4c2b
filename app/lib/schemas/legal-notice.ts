import { z } from '~/lib/zod';
import { mailableEmailAddress } from './common';

// The legal notice's configuration (LCEN art. 6 III; Code de la consommation L616-1 for
// the mediator): every field may be saved empty (the owners fill it when they know it);
// what the law still requires is listed to them (missingLegalFields), never made up on
// the public page.

export const PUBLISHER_STATUSES = ['individual', 'company'] as const;
export type PublisherStatus = (typeof PUBLISHER_STATUSES)[number];
export const PUBLISHER_STATUS_LABELS: Record<PublisherStatus, string> = {
  individual: 'Particulier (entrepreneur individuel)',
  company: 'Société',
};

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} est trop long (${max} caractères maximum)`)
    .optional()
    .transform((v) => (v ? v.replace(/\r\n?/g, '\n') : null));

export const LegalNoticeSchema = z.object({
  publisherStatus: z.enum(PUBLISHER_STATUSES, { error: 'Choisissez : particulier ou société' }),
  legalOwner: text(300, 'Le nom ou la raison sociale'),
  legalForm: text(100, 'La forme juridique'),
  shareCapital: text(60, 'Le capital social'),
  legalRcs: text(120, "L'immatriculation RCS"),
  legalSiret: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, ' ') : null))
    .refine((v) => v === null || /^\d{3} ?\d{3} ?\d{3} ?\d{5}$/.test(v), { message: 'Le SIRET compte 14 chiffres' }),
  publisherAddress: text(500, "L'adresse de l'éditeur"),
  publisherPhone: text(40, "Le téléphone de l'éditeur"),
  publisherEmail: z
    .string()
    .trim()
    .max(254, "L'email de l'éditeur est trop long")
    .optional()
    .transform((v) => v || null)
    .pipe(mailableEmailAddress('Adresse email invalide').nullable()),
  publicationDirector: text(200, 'Le nom du directeur de la publication'),
  hostName: text(200, "Le nom de l'hébergeur"),
  hostAddress: text(500, "L'adresse de l'hébergeur"),
  hostPhone: text(40, "Le téléphone de l'hébergeur"),
  mediatorName: text(200, 'Le nom du médiateur'),
  mediatorUrl: z
    .string()
    .trim()
    .max(300, "L'adresse du site du médiateur est trop longue")
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), { message: 'Une adresse de site commençant par https://' }),
});
export type LegalNoticeInput = z.infer<typeof LegalNoticeSchema>;

/** The notice's text fields, in the order of LegalNoticeSchema. */
export const LEGAL_TEXT_FIELDS = [
  'legalOwner',
  'legalForm',
  'shareCapital',
  'legalRcs',
  'legalSiret',
  'publisherAddress',
  'publisherPhone',
  'publisherEmail',
  'publicationDirector',
  'hostName',
  'hostAddress',
  'hostPhone',
  'mediatorName',
  'mediatorUrl',
] as const satisfies ReadonlyArray<Exclude<keyof LegalNoticeInput, 'publisherStatus'>>;

/** The notice as stored: every text field a string ('' when empty). */
export type LegalNotice = { publisherStatus: PublisherStatus } & { [K in Exclude<keyof LegalNoticeInput, 'publisherStatus'>]: string };

export const LEGAL_FIELD_LABELS: Record<keyof LegalNoticeInput, string> = {
  publisherStatus: "Statut de l'éditeur",
  legalOwner: 'Éditeur (nom et prénom, ou raison sociale)',
  legalForm: 'Forme juridique (SARL, SAS…)',
  shareCapital: 'Capital social',
  legalRcs: 'Immatriculation RCS (ville et numéro)',
  legalSiret: 'SIRET',
  publisherAddress: "Adresse de l'éditeur",
  publisherPhone: "Téléphone de l'éditeur",
  publisherEmail: "Email de l'éditeur",
  publicationDirector: 'Directeur de la publication',
  hostName: "Nom de l'hébergeur",
  hostAddress: "Adresse de l'hébergeur",
  hostPhone: "Téléphone de l'hébergeur",
  mediatorName: 'Médiateur de la consommation',
  mediatorUrl: 'Site du médiateur',
};

/** The site's own contact details (Configuration générale): the publisher's when the notice gives none of its own. */
export interface SiteContact {
  address: string;
  phone: string;
  email: string;
}

/** The publisher's address, phone and e-mail as the notice shows them: its own, else the site's ('' when neither). */
export function publisherContact(notice: LegalNotice, site: SiteContact): SiteContact {
  return {
    address: notice.publisherAddress.trim() || site.address.trim(),
    phone: notice.publisherPhone.trim() || site.phone.trim(),
    email: notice.publisherEmail.trim() || site.email.trim(),
  };
}

/** A missing requirement: the field to fill and what the back office calls it. */
export interface MissingLegalField {
  field: keyof LegalNoticeInput | 'registration';
  label: string;
}

/**
 * What the law still requires of the notice: LCEN art. 6 III 1 (the publisher's name,
 * address and phone — a company's form, capital and registration too — the publication
 * director, the host's name, address and phone), its art. 19 (an e-mail address) and
 * L616-1 (the mediator's name and website). A person's RCS or SIRET is asked only "if
 * registered", so it is never listed.
 */
export function missingLegalFields(notice: LegalNotice, site: SiteContact): MissingLegalField[] {
  const contact = publisherContact(notice, site);
  const empty = (value: string) => value.trim() === '';
  const missing: MissingLegalField[] = [];
  const need = (field: MissingLegalField['field'], value: string, label = LEGAL_FIELD_LABELS[field as keyof LegalNoticeInput]) => {
    if (empty(value)) missing.push({ field, label });
  };
  need('legalOwner', notice.legalOwner);
  if (notice.publisherStatus === 'company') {
    need('legalForm', notice.legalForm);
    need('shareCapital', notice.shareCapital);
    need('registration', `${notice.legalRcs}${notice.legalSiret}`, 'Immatriculation (RCS ou SIRET)');
  }
  need('publisherAddress', contact.address);
  need('publisherPhone', contact.phone);
  need('publisherEmail', contact.email);
  need('publicationDirector', notice.publicationDirector);
  need('hostName', notice.hostName);
  need('hostAddress', notice.hostAddress);
  need('hostPhone', notice.hostPhone);
  need('mediatorName', notice.mediatorName);
  need('mediatorUrl', notice.mediatorUrl);
  return missing;
}
