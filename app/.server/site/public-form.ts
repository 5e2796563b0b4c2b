// The one way the three public forms (contact, guest book, booking request) take a
// submission — `runPublicForm`, the twin of the back office's `runIntent` — and answer
// it. The order never changes: UTF-8 text → intent → honeypot → shared zod schema →
// per-IP limit → perform → reply. A validation problem is
// shown at the fields only (the browser focuses the first invalid one); a toast
// reports only a submission the server could not store (SPEC §8 keeps those
// messages for a real sending failure). Without JavaScript the browser posted the
// page itself: a stored submission then redirects (303) to the form's anchor with a
// one-time cookie that shows the confirmation there, so a reload never resends it.
import { isUtf8 } from 'node:buffer';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from 'react-router';
import type { PublicFormReply } from '~/lib/public-forms';
import type { Toast } from '~/lib/toast';
import type { z } from '~/lib/zod';
import { clientIpOf, isHoneypotFilled, takeSubmissionSlot } from '../http/abuse';
import { NotFound, Refusal } from '../rule-refusal';
import { declareCookie, readCookie, serializeCookie } from '../http/cookies';
import { getRequestLanguage } from '../languages/request-language';
import { sendToast } from '../http/toast-response';

type PublicFormName = 'contact' | 'testimonial' | 'booking';

interface Submission {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean }): SubmissionResult<string[]>;
}

const SENT_COOKIE = declareCookie('formSent', 'personal');

/** A form the browser posted as a page (no JavaScript), rather than fetch() from the hydrated app. */
function isDocumentSubmission(request: Request): boolean {
  const mode = request.headers.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  // Browsers omit Sec-Fetch-* on plain-http origins other than localhost; a page
  // navigation still asks for HTML, fetch() asks for anything.
  return (request.headers.get('accept') ?? '').includes('text/html');
}

type RequestLanguage = Awaited<ReturnType<typeof getRequestLanguage>>;

export interface PublicFormSpec<S extends z.ZodType> {
  form: PublicFormName;
  /** The `intent` the form posts; any other is a 400. */
  intent: string;
  /** Where a submission posted without JavaScript lands (from the validated values; null when invalid). */
  anchor: (value: z.output<S> | null) => string;
  success: Toast;
  /** The spec's message when the submission could not be stored. */
  failure: Toast;
  /** What a NOT_FOUND from `perform` answers (404). */
  notFound?: string;
  /**
   * Stores the submission: its id, a Refusal (shown on the form, with its status; its
   * `reasons` under its message) or NOT_FOUND. A throw is logged and answered with `failure`.
   */
  perform: (value: z.output<S>) => Promise<{ id: string } | Refusal | NotFound>;
}

/**
 * Runs a public form's action with its shared zod schema. `describe` gets the visitor's
 * language, so the messages and the language stored come from the same resolution.
 */
export async function runPublicForm<S extends z.ZodType>(
  { request, context }: { request: Request; context?: Pick<AppLoadContext, 'clientIp'> | null },
  schema: S,
  describe: (language: RequestLanguage) => PublicFormSpec<S>,
) {
  const formData = await readPublicForm(request);
  const language = await getRequestLanguage(request);
  const spec = describe(language);
  if (formData && formData.get('intent') !== spec.intent) throw data('Unknown intent', { status: 400 });
  const { t } = language;
  const submission = parseWithZod(formData ?? new FormData(), { schema });
  const answer = publicFormAnswers(request, {
    form: spec.form,
    anchor: spec.anchor(submission.status === 'success' ? submission.value : null),
    language: language.language,
    success: spec.success,
    failure: spec.failure,
  });
  if (!formData) return answer.refused(submission, t('validation.notText'), 400);
  // A bot that filled the invisible field gets the usual answer and nothing is kept.
  if (isHoneypotFilled(formData)) return answer.sent(submission, crypto.randomUUID());
  if (submission.status !== 'success') return answer.invalid(submission);
  if (!(await takeSubmissionSlot(spec.form, clientIpOf(request, context)))) return answer.refused(submission, t('abuse.tooMany'), 429);
  let outcome: Awaited<ReturnType<PublicFormSpec<S>['perform']>>;
  try {
    outcome = await spec.perform(submission.value);
  } catch (error) {
    console.error(`[${spec.form}] could not store a submission:`, error);
    return answer.notStored(submission);
  }
  if (outcome instanceof NotFound) throw data(spec.notFound ?? null, { status: 404 });
  if (outcome instanceof Refusal) {
    const { fieldErrors, reasons = [], status = 400 } = outcome.options;
    return answer.refused(submission, [outcome.message, ...reasons], status, fieldErrors);
  }
  return answer.sent(submission, outcome.id);
}

function publicFormAnswers(
  request: Request,
  options: {
    form: PublicFormName;
    anchor: string;
    language: string;
    success: Toast;
    failure: Toast;
  },
) {
  const document = isDocumentSubmission(request);
  return {
    /** Field messages only, no toast. */
    invalid(submission: Submission) {
      return data<PublicFormReply>({ result: submission.reply() }, { status: 400 });
    },
    /** Refused before storing (too many submissions, a stay that cannot be booked): messages on the form itself, no toast. */
    refused(submission: Submission, message: string | string[], status: number, fieldErrors?: Record<string, string[]>) {
      const formErrors = Array.isArray(message) ? message : [message];
      return data<PublicFormReply>({ result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors }) }, { status });
    },
    /** The server could not store it: the spec's failure toast (on the form without JavaScript, where no toast can show). */
    notStored(submission: Submission) {
      if (document)
        return data<PublicFormReply>(
          {
            result: submission.reply({
              formErrors: [options.failure.description ?? options.failure.title],
            }),
          },
          { status: 503 },
        );
      return sendToast<PublicFormReply>(options.failure, { result: submission.reply() }, { status: 503 });
    },
    sent(submission: Submission, sentId: string) {
      if (document) {
        return redirect(keepLanguage(options.anchor, request, options.language), {
          status: 303,
          headers: {
            'Set-Cookie': serializeCookie(SENT_COOKIE, options.form, { maxAge: 60 }),
          },
        });
      }
      return sendToast<PublicFormReply>(options.success, {
        result: submission.reply({ resetForm: true }),
        sentId,
      });
    },
  };
}

/**
 * The page a no-JavaScript submission lands on, in the language it was posted from: a
 * form posts to its page's URL, `?lang=` included (the language a shared link chose),
 * and the answer must not drop it.
 */
function keepLanguage(anchor: string, request: Request, language: string): string {
  if (!new URL(request.url).searchParams.has('lang')) return anchor;
  // The language the request resolved to (an active one), not the raw parameter.
  const target = new URL(anchor, 'http://site.invalid');
  target.searchParams.set('lang', language);
  return `${target.pathname}${target.search}${target.hash}`;
}

/** After a no-JavaScript submission's redirect: whether this form was just sent, and the header that forgets it. */
export function takeSentFlag(request: Request, form: PublicFormName): { sent: boolean; headers?: HeadersInit } {
  if (readCookie(request, SENT_COOKIE) !== form) return { sent: false };
  return {
    sent: true,
    headers: {
      'Set-Cookie': serializeCookie(SENT_COOKIE, '', { maxAge: 0 }),
    },
  };
}

/**
 * The posted form, or null when it is not text: a visitor's words are stored and mailed,
 * so bytes that are not UTF-8 are refused rather than turned into U+FFFD or mojibake —
 * raw (whatever charset the request declares) or percent-encoded (`%E9` for a latin-1 é).
 * The body was bounded (1 MB) and shaped by server/input-guard.ts before any action runs.
 */
async function readPublicForm(request: Request): Promise<FormData | null> {
  const bytes = Buffer.from(await request.clone().arrayBuffer());
  if (!isUtf8(bytes)) return null;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    for (const part of bytes.toString('utf8').split('&')) {
      // A lone '%' (not an escape) is kept as the character it is, as URLSearchParams does.
      try {
        decodeURIComponent(part.replace(/\+/g, ' ').replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
      } catch {
        return null;
      }
    }
  }
  return request.formData();
}
