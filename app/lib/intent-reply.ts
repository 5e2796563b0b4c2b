import type { SubmissionResult } from '@conform-to/react';

/** What every back-office action answers (app/.server/http/admin-screen.ts builds it). */
export interface IntentReply {
  ok: boolean;
  intent: string;
  /** Conform's reply: field errors after a 400, cleared errors after a success. */
  result: SubmissionResult<string[]> | null;
  /** What a look-up intent found, for the screen to show (IntentSpec.answer). */
  answer?: unknown;
}
