import { isIsoDate } from '~/lib/nights';
import { z } from '~/lib/zod';
import { mailableEmailAddress } from './common';

// The guest's booking request (issue 14): the contact form's fields and rules, plus
// the stay. Messages are i18n keys shown with t(). The stay itself is judged by the
// price engine, which gives the reasons a request is not possible.

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.tooLong');
const optional = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();
const night = z.string({ error: 'validation.required' }).refine(isIsoDate, 'booking.problem.invalid_dates');

const guests = (min: number) =>
  z.number({ error: 'booking.guestsInvalid' }).int('booking.guestsInvalid').min(min, 'booking.guestsInvalid').max(10, 'booking.guestsInvalid');

export const BookingRequestSchema = z.object({
  arrival: night,
  departure: night,
  // A stay has an adult (said in the visitor's words); whether everyone fits the room is the engine's to say.
  adults: guests(0).refine((n) => n >= 1, 'booking.problem.no_adult'),
  children: guests(0)
    .optional()
    .transform((v) => v ?? 0),
  /** A promo code as typed: the engine says why it cannot be used. */
  code: optional(60),
  name: required(200),
  email: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254, 'validation.tooLong').pipe(mailableEmailAddress()),
  phone: optional(40),
  message: optional(5000),
  /** Honeypot: people never see it; bots fill it. */
  website: z.string().optional(),
});

export type BookingRequestInput = z.infer<typeof BookingRequestSchema>;
