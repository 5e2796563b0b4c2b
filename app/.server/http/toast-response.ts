// One toast system: an action queues a toast in a short-lived cookie; the root
// loader (which revalidates after every action) reads and clears it, and the
// browser shows it with sonner. Works after redirects and before hydration.
import { data, redirect } from 'react-router';
import type { Toast } from '~/lib/toast';
import { declareCookie, readCookie, serializeCookie } from './cookies';

const COOKIE = declareCookie('toast', 'personal');

function serialize(toast: Toast): string {
  const value = Buffer.from(JSON.stringify({ ...toast, id: crypto.randomUUID() })).toString('base64url');
  return serializeCookie(COOKIE, value, { maxAge: 60 });
}

/** Reads the pending toast, if any, and the header that clears it. */
export function takeToast(request: Request): { toast: (Toast & { id: string }) | null; clear?: string } {
  const raw = readCookie(request, COOKIE);
  if (!raw) return { toast: null };
  const clear = serializeCookie(COOKIE, '', { maxAge: 0 });
  try {
    return { toast: JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')), clear };
  } catch {
    return { toast: null, clear };
  }
}

function withToast(init: ResponseInit | undefined, toast: Toast): ResponseInit {
  const headers = new Headers(init?.headers);
  headers.append('Set-Cookie', serialize(toast));
  return { ...init, headers };
}

/** The spec's success toasts: title 'Succès', the message as description. */
export function toastSuccess<T>(description: string, body?: T, init?: ResponseInit) {
  return data(body ?? ({ ok: true } as T), withToast(init, { type: 'success', title: 'Succès', description }));
}

/** The spec's error toasts: title 'Erreur' (destructive). Status 400 unless told. */
export function toastError<T>(description: string, body?: T, init?: ResponseInit) {
  return data(body ?? ({ ok: false } as T), withToast({ status: 400, ...init }, { type: 'error', title: 'Erreur', description }));
}

export function sendToast<T>(toast: Toast, body: T, init?: ResponseInit) {
  return data(body, withToast(init, toast));
}

export function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  return redirect(url, withToast(init, toast));
}
