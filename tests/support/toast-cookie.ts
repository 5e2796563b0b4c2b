// Reads the toast an action queued in its Set-Cookie header (see app/.server/http/toast-response.ts).
export function decodeToast(headers: Headers): { type: string; title: string; description?: string } | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='));
  if (!cookie) return null;
  return JSON.parse(Buffer.from(cookie.slice('toast='.length).split(';')[0]!, 'base64url').toString('utf8'));
}
