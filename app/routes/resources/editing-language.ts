// POST /api/editing-language: the admin picks the language in which content is edited.
import { data, redirect } from 'react-router';
import { z } from '~/lib/zod';
import { editingLanguageCookie } from '~/.server/languages/editing-language-choice';
import { listEditingLanguages } from '~/.server/languages/site-languages';
import { requireAdmin } from '~/.server/auth/permissions';
import { safeRedirectTarget } from '~/.server/http/safe-redirect';
import type { Route } from './+types/editing-language';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

const EditingLanguageSchema = z.object({
  language: z.string().trim().min(2).max(10),
  redirectTo: z.string().max(2000).optional(),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect('/admin');
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = EditingLanguageSchema.safeParse(Object.fromEntries(await request.formData()));
  const known = await listEditingLanguages();
  if (!parsed.success || !known.some((l) => l.code === parsed.data.language)) {
    return data({ ok: false, error: 'Langue inconnue' }, { status: 400 });
  }
  const headers = { 'Set-Cookie': editingLanguageCookie(parsed.data.language) };
  if (parsed.data.redirectTo !== undefined) {
    return redirect(safeRedirectTarget(parsed.data.redirectTo, { under: '/admin', fallback: '/admin' }), { headers });
  }
  return data({ ok: true, language: parsed.data.language }, { headers });
}
