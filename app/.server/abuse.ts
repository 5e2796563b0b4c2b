// Spam resistance without a captcha (issue 7, part 5): a honeypot field and a
// per-IP fixed-window limit per form, counted in Postgres so that every app
// instance shares the same counters.
import type { AppLoadContext } from 'react-router';
import { config } from './config';
import { clientAddress } from './proxy';
import { takeRateLimitSlot } from './rate-limit';

export type LimitedForm = 'contact' | 'testimonial' | 'booking';

/** A filled honeypot means a bot: the caller answers as usual and stores nothing. */
export function isHoneypotFilled(formData: FormData, field = 'website'): boolean {
  const value = formData.get(field);
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The visitor's address: the one the server entry put in the load context, else
 * (tests, other adapters) the same rule applied to the headers alone.
 */
export function clientIpOf(request: Request, context?: Pick<AppLoadContext, 'clientIp'> | null): string {
  return context?.clientIp || clientAddress(request.headers, { trustProxy: config().TRUST_PROXY });
}

/**
 * Counts one submission for (form, ip) and tells whether it is within the limit
 * (SUBMISSION_LIMIT per SUBMISSION_WINDOW_MINUTES). One atomic upsert: concurrent
 * requests cannot both take the last slot.
 */
export async function takeSubmissionSlot(form: LimitedForm, ip: string): Promise<boolean> {
  const { SUBMISSION_LIMIT, SUBMISSION_WINDOW_MINUTES } = config();
  return takeRateLimitSlot(`${form}:${ip}`, SUBMISSION_LIMIT, SUBMISSION_WINDOW_MINUTES);
}
