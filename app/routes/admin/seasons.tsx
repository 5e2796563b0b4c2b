import { requireAdmin } from '~/.server/permissions';
import type { Route } from './+types/seasons';

// Placeholder until this screen is built (issue 5).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Seasons() {
  return null;
}
