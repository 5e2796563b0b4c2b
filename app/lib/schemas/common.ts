import { z } from '~/lib/zod';

/** The browser's own rule for <input type="email"> (accepts admin@localhost), so client and server agree. */
export const emailAddress = (message = 'validation.email') => z.email({ pattern: z.regexes.html5Email, message });
