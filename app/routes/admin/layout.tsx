import { Form, Outlet, useLoaderData } from 'react-router';
import { requireAdmin } from '~/.server/permissions';
import type { Route } from './+types/layout';

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  return { email: viewer.email };
}

export function meta() {
  return [{ title: 'Administration' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b px-6 py-3">
        <h1 className="text-xl font-semibold">Administration</h1>
        <div className="flex items-center gap-3 text-sm">
          <span>{email}</span>
          <Form method="post" action="/sign-out">
            <button type="submit" className="rounded-md border px-3 py-1.5">
              Déconnexion
            </button>
          </Form>
        </div>
      </header>
      <main className="p-6">
        <Outlet />
      </main>
    </div>
  );
}
