import { z } from '~/lib/zod';

/** The browser's own rule for <input type="email"> (accepts admin@localhost), so client and server agree. */
export const emailAddress = (message = 'validation.email') => z.email({ pattern: z.regexes.html5Email, message });

/** The browser's rule with at least one dot in the domain (its last `*` made a `+`). */
const VISITOR_EMAIL = new RegExp(z.regexes.html5Email.source.replace(/\)\*\$$/, ')+$'));

/**
 * A visitor's address (contact, guest book, booking): the browser's rule plus a dot in
 * the domain, since we mail it and `jane@example` can never receive anything.
 */
export const visitorEmailAddress = (message = 'validation.email') => z.email({ pattern: VISITOR_EMAIL, message });
