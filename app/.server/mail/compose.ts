// Pure rendering of the owners' notification mails (French, plain text + HTML).
// Every visitor value is untrusted: it is HTML-escaped in the HTML part, and it
// never reaches a header except through `headerText` / `mailboxAddress`, which
// remove line breaks and refuse anything that is not one plain address.
import { countryName } from '~/lib/countries';
import { ownerTime } from '../guesthouse-time';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const LINE_BREAKERS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

/**
 * A single-line header value: CR, LF, other control characters and the Unicode
 * line/paragraph separators become spaces, so no value can start a new header.
 */
export function headerText(value: string, maxLength = 150): string {
  const line = value.replace(LINE_BREAKERS, ' ').replace(/\s+/g, ' ').trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

// One addr-spec, nothing else: no display name, no comma-separated list, no
// group syntax, no whitespace. Used for every address that reaches an SMTP header.
const MAILBOX = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** The address itself if it is one plain mailbox (`a@b.c`), otherwise null. */
export function mailboxAddress(value: string | null | undefined): string | null {
  const address = value?.trim() ?? '';
  return address.length <= 254 && MAILBOX.test(address) ? address : null;
}

/** Owners' addresses, valid ones only, deduplicated case-insensitively (first spelling kept). */
export function uniqueMailboxes(values: Array<string | null | undefined>): string[] {
  const byKey = new Map<string, string>();
  for (const value of values) {
    const address = mailboxAddress(value);
    if (address && !byKey.has(address.toLowerCase())) byKey.set(address.toLowerCase(), address);
  }
  return [...byKey.values()];
}

export interface MailRow {
  label: string;
  value: string;
  /** Optional link target (mailto:, tel:, https:), built by us from a checked value. */
  href?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const EMPTY = '—';

/** A titled table of label/value rows, as plain text and HTML, in the given language. */
export function renderTableMail(
  title: string,
  intro: string,
  rows: MailRow[],
  footer?: { text: string; href: string },
  language = 'fr',
): Omit<RenderedMail, 'subject'> {
  const width = Math.max(...rows.map((r) => r.label.length));
  const textRows = rows.map(({ label, value }) => {
    const lines = value.split(/\r\n|\r|\n/);
    const head = `${label.padEnd(width)} : ${lines[0]}`;
    return lines.length === 1 ? head : [head, ...lines.slice(1).map((l) => `${' '.repeat(width + 3)}${l}`)].join('\n');
  });
  const text = `${title}\n${'='.repeat(title.length)}\n\n${intro}\n\n${textRows.join('\n')}\n` + (footer ? `\n${footer.text} : ${footer.href}\n` : '');

  const cell = (row: MailRow) => {
    const shown = escapeHtml(row.value).replace(/\r\n|\r|\n/g, '<br>');
    return row.href ? `<a href="${escapeHtml(row.href)}">${shown}</a>` : shown;
  };
  const html =
    `<!doctype html><html lang="${escapeHtml(language)}"><head>` +
    '<meta charset="utf-8"></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222;line-height:1.5">' +
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>` +
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>` +
    '<table cellpadding="6" cellspacing="0" style="border-collapse:collapse">' +
    rows
      .map(
        (row) =>
          '<tr style="border-top:1px solid #e5e5e5">' +
          `<th align="left" valign="top" style="white-space:nowrap;color:#555">${escapeHtml(row.label)}</th>` +
          `<td valign="top">${cell(row)}</td></tr>`,
      )
      .join('') +
    '</table>' +
    (footer ? `<p style="margin:20px 0 0"><a href="${escapeHtml(footer.href)}">${escapeHtml(footer.text)}</a></p>` : '') +
    '</body></html>';
  return { text, html };
}

export const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 6 ? `tel:${digits}` : undefined;
};

export interface ContactFields {
  name: string;
  email: string;
  phone?: string | null;
  dates?: string | null;
  guests: number;
  message: string;
}

export function renderContactMail(message: ContactFields): RenderedMail {
  const email = mailboxAddress(message.email);
  const phone = message.phone?.trim() ?? '';
  const name = message.name.trim();
  const who = headerText(name, 100);
  const { text, html } = renderTableMail(
    'Nouveau message de contact',
    email
      ? `${who} vous a écrit depuis le formulaire de contact du site. Répondez simplement à cet e-mail pour lui écrire.`
      : `${who} vous a écrit depuis le formulaire de contact du site.`,
    [
      { label: 'Nom', value: name },
      { label: 'E-mail', value: message.email.trim(), href: email ? `mailto:${email}` : undefined },
      { label: 'Téléphone', value: phone || EMPTY, href: phone ? telHref(phone) : undefined },
      { label: 'Dates', value: message.dates?.trim() || EMPTY },
      { label: 'Personnes', value: String(message.guests) },
      { label: 'Message', value: message.message.trim() },
    ],
  );
  return { subject: headerText(`Nouveau message de ${name}`), text, html };
}

export interface TestimonialFields {
  name: string;
  email: string;
  country: string | null;
  rating: number;
  message: string;
  createdAt: Date;
}

export function renderTestimonialMail(testimonial: TestimonialFields, publicUrl: string): RenderedMail {
  const email = mailboxAddress(testimonial.email);
  const name = testimonial.name.trim();
  const rating = Math.max(0, Math.min(5, Math.round(testimonial.rating)));
  const adminUrl = `${publicUrl.replace(/\/+$/, '')}/admin/testimonials`;
  const { text, html } = renderTableMail(
    'Nouveau témoignage à modérer',
    `${headerText(name, 100)} a laissé un témoignage dans le livre d’or. Il sera publié après votre validation.`,
    [
      { label: 'Nom', value: name },
      { label: 'E-mail', value: testimonial.email.trim(), href: email ? `mailto:${email}` : undefined },
      { label: 'Pays', value: countryName(testimonial.country) || EMPTY },
      { label: 'Note', value: `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} (${rating}/5)` },
      { label: 'Message', value: testimonial.message.trim() },
      { label: 'Date', value: ownerTime(testimonial.createdAt, 'full') },
    ],
    { text: 'Modérer le livre d’or', href: adminUrl },
  );
  return { subject: headerText(`Nouveau témoignage de ${name}`), text, html };
}

/**
 * To the owner of an address with which someone asked for a new account: sign-up answers
 * alike whether or not the address is known (no account enumeration), so the owner
 * learns it here, and how to sign in.
 */
/** A short French mail whose point is one link: paragraphs, the link, a closing line. */
function renderLinkMail({ subject, paragraphs, url, closing }: { subject: string; paragraphs: string[]; url: string; closing: string }): RenderedMail {
  const text = `${paragraphs.join('\n\n')}\n${url}\n\n${closing}\n`;
  const html =
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222;line-height:1.5">' +
    paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('') +
    `<p style="margin:0 0 12px"><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
    `<p style="margin:0">${escapeHtml(closing)}</p>` +
    '</body></html>';
  return { subject, text, html };
}

export function renderExistingAccountMail(publicUrl: string): RenderedMail {
  return renderLinkMail({
    subject: 'Demande de création de compte avec votre adresse',
    paragraphs: [
      'Bonjour,',
      'Quelqu’un vient de demander la création d’un compte sur le site avec votre adresse e-mail. Un compte existe déjà pour cette adresse : aucun nouveau compte n’a été créé et votre mot de passe n’a pas changé.',
      'Si c’était vous, connectez-vous avec votre mot de passe habituel :',
    ],
    url: `${publicUrl.replace(/\/+$/, '')}/auth`,
    closing: 'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message.',
  });
}

/**
 * Failed sign-ins piling up on an account from many networks (issue 51): told to the
 * account's own address, once a day at most. They cannot keep the owner out, and the
 * mail says so; a strong password is what makes them vain.
 */
export function renderFailedSignInsMail(publicUrl: string, pile: { failures: number; networks: number }): RenderedMail {
  return renderLinkMail({
    subject: 'Tentatives de connexion à votre compte',
    paragraphs: [
      'Bonjour,',
      `${pile.failures} tentatives de connexion à votre compte avec un mauvais mot de passe ont eu lieu ces dernières 24 heures, depuis ${pile.networks} réseaux différents.`,
      'Elles sont freinées réseau par réseau et ne vous empêchent pas de vous connecter avec votre mot de passe, d’où que vous soyez. Un mot de passe long, que vous n’utilisez nulle part ailleurs, les rend vaines.',
      'La page de connexion du site :',
    ],
    url: `${publicUrl.replace(/\/+$/, '')}/auth`,
    closing: 'Vous ne recevrez pas d’autre message de ce genre avant 24 heures.',
  });
}

export interface InvitationFacts {
  url: string;
  expiresAt: Date;
  role: 'user' | 'admin';
  /** Who invites (their name, else their address); null when their account is gone. */
  inviter: { name: string; email: string } | null;
  siteName: string;
  siteUrl: string;
}

/**
 * The invitation to open an account (Users → 'Inviter un utilisateur'): who invites, to
 * what, with which role and until when, and the single-use link.
 */
export function renderInvitationMail({ url, expiresAt, role, inviter, siteName, siteUrl }: InvitationFacts): RenderedMail {
  const who = inviter ? (inviter.name === inviter.email ? inviter.email : `${inviter.name} (${inviter.email})`) : 'Un administrateur';
  const subjectWho = inviter?.name ?? 'Un administrateur';
  const what =
    role === 'admin'
      ? `à administrer le site ${siteName} (${siteUrl}) avec le rôle Administrateur : vous pourrez y gérer les chambres, les réservations, les textes, la configuration et les utilisateurs.`
      : `à créer un compte sur le site ${siteName} (${siteUrl}) avec le rôle Utilisateur : un compte sans accès à l’administration du site.`;
  return renderLinkMail({
    subject:
      role === 'admin' ? `${subjectWho} vous invite à administrer le site ${siteName}` : `${subjectWho} vous invite à créer un compte sur le site ${siteName}`,
    paragraphs: [
      'Bonjour,',
      `${who} vous invite ${what}`,
      `Ouvrez le lien ci-dessous et choisissez votre mot de passe. Ce lien ne sert qu’une fois et expire le ${ownerTime(expiresAt, 'full')} :`,
    ],
    url,
    closing: 'Si vous n’attendiez pas cette invitation, ignorez ce message : aucun compte ne sera créé.',
  });
}
