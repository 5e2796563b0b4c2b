// A component naming the type of what its route loads: allowed.
import type { Enquiry } from '~/.server/content/contact-messages';

export const fixture = (enquiry: Enquiry) => enquiry.id;
