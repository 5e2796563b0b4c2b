import { requireAdmin } from '~/.server/permissions';
import type { Route } from './+types/section-editor';

// Placeholder until this screen is built (issue 5).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function SectionEditor() {
  return null;
}
