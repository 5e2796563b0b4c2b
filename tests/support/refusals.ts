// Reading a domain function's answer in a test (app/.server/rule-refusal.ts): what it
// returned when it said yes, or the message of its "no".
import { NOT_FOUND, Refusal } from '~/.server/rule-refusal';

/** The answer of a domain function that said yes; fails the test with the refusal's message otherwise. */
export function accepted<T>(outcome: T | Refusal | typeof NOT_FOUND): T {
  if (outcome === NOT_FOUND) throw new Error('Expected an answer, got NOT_FOUND');
  if (outcome instanceof Refusal) throw new Error(`Expected an answer, got a refusal: ${outcome.message}`);
  return outcome as T;
}

/** The message of a domain function's refusal; fails the test when it said yes. */
export function refusalMessage(outcome: unknown): string {
  if (!(outcome instanceof Refusal)) throw new Error(`Expected a refusal, got ${String(outcome === NOT_FOUND ? 'NOT_FOUND' : JSON.stringify(outcome))}`);
  return outcome.message;
}
