// Spam resistance without a captcha (issue 7, part 5): a honeypot field and a
// per-IP fixed-window limit per form, counted in Postgres so that every app
// instance shares the same counters.
import type { AppLoadContext } from 'react-router';
import { config } from '../environment';
import type { Executor } from '../db/client';
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

/**
 * A booking request's acknowledgement goes to the address typed in the form, so the
 * sender's limit alone (per IP) would let many addresses mail one stranger: at most
 * this many acknowledgements reach one address per window, whoever asks. Requests
 * past it are stored and reach the owners all the same; only the mail is not sent.
 */
export const ACKNOWLEDGEMENTS_PER_ADDRESS = 3;
export const ACKNOWLEDGEMENT_WINDOW_MINUTES = 24 * 60;

/** Domains whose mailboxes ignore dots in the local part; the second is another name of the first. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as the acknowledgement limit counts it: lower case,
 * without a `+tag` (`victim+1@…` and `victim+2@…` both reach `victim@…`), and for Gmail
 * without dots in the local part, googlemail.com being gmail.com.
 */
export function receivingMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Counts one acknowledgement to the mailbox `address` reaches and tells whether it may be sent. */
export async function takeAcknowledgementSlot(address: string, executor?: Executor): Promise<boolean> {
  return takeRateLimitSlot(`booking-ack:${receivingMailbox(address)}`, ACKNOWLEDGEMENTS_PER_ADDRESS, ACKNOWLEDGEMENT_WINDOW_MINUTES, executor);
}
