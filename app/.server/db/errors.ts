// PostgreSQL refusals a domain function turns into a message for the owner.

/** An exclusion constraint refused the write (SQLSTATE 23P01), e.g. two seasons on one night. */
export function isExclusionViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23P01';
}

/** A unique constraint refused the write (SQLSTATE 23505), e.g. a period declared twice at once. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}
