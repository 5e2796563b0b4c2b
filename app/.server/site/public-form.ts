// How the three public forms (contact, guest book, booking request) answer. A validation problem is
// shown at the fields only (the browser focuses the first invalid one); a toast
// reports only a submission the server could not store (SPEC §8 keeps those
// messages for a real sending failure). Without JavaScript the browser posted the
// page itself: a stored submission then redirects (303) to the form's anchor with a
// one-time cookie that shows the confirmation there, so a reload never resends it.
import { isUtf8 } from 'node:buffer';
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect } from 'react-router';
import type { Toast } from '~/lib/toast';
import { declareCookie, readCookie, serializeCookie } from '../cookies';
import { sendToast } from '../toast';

export type PublicFormName = 'contact' | 'testimonial' | 'booking';

export interface PublicFormData {
  result: SubmissionResult<string[]>;
  sentId?: string;
}

interface Submission {
  reply(options?: { formErrors?: string[]; resetForm?: boolean }): SubmissionResult<string[]>;
}

const SENT_COOKIE = declareCookie('formSent', 'personal');

/** A form the browser posted as a page (no JavaScript), rather than fetch() from the hydrated app. */
export function isDocumentSubmission(request: Request): boolean {
  const mode = request.headers.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  // Browsers omit Sec-Fetch-* on plain-http origins other than localhost; a page
  // navigation still asks for HTML, fetch() asks for anything.
  return (request.headers.get('accept') ?? '').includes('text/html');
}

export function publicFormAnswers(
  request: Request,
  options: {
    form: PublicFormName;
    anchor: string;
    success: Toast;
    failure: Toast;
  },
) {
  const document = isDocumentSubmission(request);
  return {
    /** Field messages only, no toast. */
    invalid(submission: Submission) {
      return data<PublicFormData>({ result: submission.reply() }, { status: 400 });
    },
    /** Refused before storing (too many submissions, a stay that cannot be booked): messages on the form itself, no toast. */
    refused(submission: Submission, message: string | string[], status: number) {
      return data<PublicFormData>({ result: submission.reply({ formErrors: Array.isArray(message) ? message : [message] }) }, { status });
    },
    /** The server could not store it: the spec's failure toast (on the form without JavaScript, where no toast can show). */
    notStored(submission: Submission) {
      if (document)
        return data<PublicFormData>(
          {
            result: submission.reply({
              formErrors: [options.failure.description ?? options.failure.title],
            }),
          },
          { status: 503 },
        );
      return sendToast<PublicFormData>(options.failure, { result: submission.reply() }, { status: 503 });
    },
    sent(submission: Submission, sentId: string) {
      if (document) {
        return redirect(options.anchor, {
          status: 303,
          headers: {
            'Set-Cookie': serializeCookie(SENT_COOKIE, options.form, { maxAge: 60 }),
          },
        });
      }
      return sendToast<PublicFormData>(options.success, {
        result: submission.reply({ resetForm: true }),
        sentId,
      });
    },
  };
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
export async function readPublicForm(request: Request): Promise<FormData | null> {
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
