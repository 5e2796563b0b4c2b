// Reading a domain function's answer in a test (app/.server/rule-refusal.ts): what it
// returned when it said yes, or the message of its "no".
import { NotFound, Refusal } from '~/.server/rule-refusal';

/** The answer of a domain function that said yes; fails the test with the refusal's message otherwise. */
export function accepted<T>(outcome: T | Refusal | NotFound): T {
  if (outcome instanceof NotFound) throw new Error(`Expected an answer, got NOT_FOUND${outcome.message ? ` (${outcome.message})` : ''}`);
  if (outcome instanceof Refusal) throw new Error(`Expected an answer, got a refusal: ${outcome.message}`);
  return outcome as T;
}

/** The message of a domain function's refusal; fails the test when it said yes. */
export function refusalMessage(outcome: unknown): string {
  if (!(outcome instanceof Refusal)) throw new Error(`Expected a refusal, got ${String(outcome instanceof NotFound ? 'NOT_FOUND' : JSON.stringify(outcome))}`);
  return outcome.message;
}

/** The message a domain function's "no such row" carries (undefined for a bare NOT_FOUND); fails the test otherwise. */
export function notFoundMessage(outcome: unknown): string | undefined {
  if (!(outcome instanceof NotFound))
    throw new Error(`Expected NOT_FOUND, got ${outcome instanceof Refusal ? `a refusal: ${outcome.message}` : JSON.stringify(outcome)}`);
  return outcome.message;
}
