// How a domain function says "no" to the owner or a visitor: NOT_FOUND for a row that is
// not there, a Refusal when a rule refuses (the last administrator, a stay the price
// engine cannot book). The back office's runIntent and the public forms' runPublicForm
// map them to answers in one place each.

/**
 * A domain function's one way to say "no such row": always a 404. NOT_FOUND answers with
 * the spec's error toast of the operation; `notFound(message)` names what is missing
 * when that says more to the owner ("Réservation introuvable").
 */
export class NotFound {
  constructor(readonly message?: string) {}
}
export const NOT_FOUND = new NotFound();
export const notFound = (message: string) => new NotFound(message);

/** Whether a domain function found no row: for a caller that goes on with what it returned. */
export const isNotFound = (value: unknown): value is NotFound => value instanceof NotFound;

/**
 * A domain rule said no (e.g. the last administrator): 400 (or `status`), its message
 * as the toast and as the form's error — or, given `fieldErrors`, as those fields' errors.
 * A public form (runPublicForm) shows its `reasons` under the message.
 */
export class Refusal {
  constructor(
    readonly message: string,
    readonly options: { fieldErrors?: Record<string, string[]>; status?: number; reasons?: string[] } = {},
  ) {}
}
export const refuse = (message: string, options?: Refusal['options']) => new Refusal(message, options);

/** Whether a domain function refused: for a caller that goes on with what it returned. */
export const isRefusal = (value: unknown): value is Refusal => value instanceof Refusal;
