import { z } from '~/lib/zod';

/**
 * The browser's own rule for <input type="email"> (accepts admin@localhost), so client and
 * server agree: for signing in, where an account's address is whatever it was made with.
 */
export const emailAddress = (message = 'validation.email') => z.email({ pattern: z.regexes.html5Email, message });

/** The browser's rule with at least one dot in the domain (its last `*` made a `+`). */
const VISITOR_EMAIL = new RegExp(z.regexes.html5Email.source.replace(/\)\*\$$/, ')+$'));

/**
 * An address we send mail to (a visitor's on the contact, guest-book and booking forms; a
 * guest's, an invited person's or a contact address typed by the owner): the browser's
 * rule plus a dot in the domain, since `jane@example` can never receive anything.
 */
export const mailableEmailAddress = (message = 'validation.email') => z.email({ pattern: VISITOR_EMAIL, message });

/** An address the owner types in the back office (a contact address, an invited person, a person asking for their data). */
export const ownerTypedEmail = (required = "L'email est obligatoire") =>
  z.string({ error: required }).trim().min(1, required).max(254, "L'email est trop long").pipe(mailableEmailAddress('Adresse email invalide'));
