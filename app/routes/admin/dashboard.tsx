import { requireAdmin } from '~/.server/permissions';
import type { Route } from './+types/dashboard';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Dashboard() {
  return <h2 className="text-2xl font-semibold">Gestion des Chambres</h2>;
}
