// The one way a back-office screen answers (CODE_STYLE.md): `runIntent` for each
// case of an action, `unknownIntent` for the default, `loadList` / `loadEditor` for
// loaders that can fail. Every answer of an action has the same shape
// (`IntentReply`), so a form reads its field errors and its success the same way on
// every screen.
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { IntentReply } from '~/lib/intent-reply';
import type { z } from '~/lib/zod';
import { NotFound, Refusal } from '../rule-refusal';
import { redirectWithToast, toastError, toastSuccess } from './toast-response';

export type { IntentReply };

type Outcome<R> = R | NotFound | Refusal;

/** What a `perform` may answer besides NOT_FOUND and a Refusal: never `false` or `null`, which said "not found" once. */
type Answer = object | string | number | true | void;

export interface IntentSpec<S extends z.ZodType, R extends Answer> {
  schema: S;
  /** The spec's error toast for this operation (SPEC §8). */
  failure: string;
  /** Does the work; NOT_FOUND (or `notFound(message)`): the row was not there. */
  perform: (value: z.output<S>) => Promise<Outcome<R>>;
  /**
   * The spec's success toast, or a response of its own (e.g. a redirect after a
   * creation); null where the spec has no success toast (e.g. reordering languages).
   */
  success: string | null | ((value: z.output<S>, result: R) => string | Response);
  /** Where the error is logged from, e.g. 'admin/seasons'. */
  screen: string;
  /** A toast for invalid input too, where the spec has one (e.g. distances). */
  invalid?: string;
  /** What the screen shows of the result (a look-up's finding), sent back as the reply's `answer`. */
  answer?: (result: R) => unknown;
}

/**
 * Runs one intent of an action: parse with the schema (400 with field errors), do
 * the work (404 when the row is missing, with its own message or the spec's, 400 with the rule's message when a rule
 * refuses, 500 with the spec's message when it throws — logged, never swallowed),
 * then the success toast.
 */
export async function runIntent<S extends z.ZodType, R extends Answer>(formData: FormData, spec: IntentSpec<S, R>) {
  const intent = String(formData.get('intent') ?? '');
  const submission = parseWithZod(formData, { schema: spec.schema });
  if (submission.status !== 'success') {
    const reply: IntentReply = { ok: false, intent, result: submission.reply() };
    return spec.invalid ? toastError<IntentReply>(spec.invalid, reply) : data<IntentReply>(reply, { status: 400 });
  }
  let outcome: Outcome<R>;
  try {
    outcome = await spec.perform(submission.value);
  } catch (error) {
    console.error(`[${spec.screen}] ${intent} failed:`, error);
    return toastError<IntentReply>(spec.failure, { ok: false, intent, result: submission.reply() }, { status: 500 });
  }
  if (outcome instanceof NotFound) {
    return toastError<IntentReply>(outcome.message ?? spec.failure, { ok: false, intent, result: submission.reply() }, { status: 404 });
  }
  if (outcome instanceof Refusal) {
    const { fieldErrors, reasons = [], status = 400 } = outcome.options;
    return toastError<IntentReply>(
      outcome.message,
      { ok: false, intent, result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [outcome.message, ...reasons] }) },
      { status },
    );
  }
  const message = typeof spec.success === 'function' ? spec.success(submission.value, outcome) : spec.success;
  if (message instanceof Response) return message;
  const reply: IntentReply = { ok: true, intent, result: submission.reply(), ...(spec.answer ? { answer: spec.answer(outcome) } : {}) };
  if (message === null) return data<IntentReply>(reply);
  return toastSuccess<IntentReply>(message, reply);
}

/** The `default:` of every action's switch. */
export function unknownIntent(formData: FormData) {
  return data<IntentReply>({ ok: false, intent: String(formData.get('intent') ?? ''), result: null }, { status: 400 });
}

/**
 * The policy for a list screen whose data could not be read: the error is logged,
 * the page still renders (empty, with the spec's message in `loadError`, shown by
 * <LoadError/> as an alert and a toast), so the rest of the back office stays usable.
 */
export async function loadList<T extends object>(screen: string, failure: string, read: () => Promise<T>, empty: T): Promise<T & { loadError: string | null }> {
  try {
    return { ...(await read()), loadError: null };
  } catch (error) {
    console.error(`[${screen}] load failed:`, error);
    return { ...empty, loadError: failure };
  }
}

/**
 * The policy for an editor (room, section) whose row could not be read or does not
 * exist (SPEC §4): back to /admin with the spec's error toast.
 */
export async function loadEditor<T>(screen: string, failure: string, read: () => Promise<T | null | undefined>): Promise<T> {
  let found: T | null | undefined;
  try {
    found = await read();
  } catch (error) {
    console.error(`[${screen}] load failed:`, error);
  }
  if (found == null) throw redirectWithToast('/admin', { type: 'error', title: 'Erreur', description: failure });
  return found;
}
