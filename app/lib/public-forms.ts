// Constants of the public forms (SPEC §5, §9), kept apart from the zod schemas so
// that the browser bundle can use them without pulling zod in.
import type { SubmissionResult } from '@conform-to/react';

/** What a public form's action answers (runPublicForm): Conform's reply, and the stored submission's id once sent. */
export interface PublicFormReply {
  result: SubmissionResult<string[]>;
  sentId?: string;
}

export const CONTACT_GUEST_OPTIONS = [1, 2, 3, 4] as const;
export const DEFAULT_CONTACT_GUESTS = 2;
export const DEFAULT_RATING = 5;
export const RATINGS = [1, 2, 3, 4, 5] as const;
