// When a failed mail is tried again: capped exponential backoff with jitter.

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  /** ±share of the delay drawn at random, so instances and mails do not retry in lockstep. */
  jitter: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 10,
  jitter: 0.2,
};

/** Delay before the next try after `attempts` failed ones: base × 2^(n−1), capped, ± jitter. */
export function backoffDelay(attempts: number, policy: RetryPolicy = DEFAULT_RETRY, random: () => number = Math.random) {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, Math.min(attempts - 1, 30));
  const capped = Math.min(exponential, policy.maxDelayMs);
  const factor = 1 + policy.jitter * (2 * random() - 1);
  return Math.round(Math.min(capped * factor, policy.maxDelayMs));
}
