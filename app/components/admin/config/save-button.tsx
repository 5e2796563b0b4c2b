// The save button of a Configuration card: a disk icon, and 'Sauvegarde...' while the
// answer is awaited.
import { SaveIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';

export function SaveButton({ saving, label = 'Sauvegarder', variant }: { saving: boolean; label?: string; variant?: 'outline' }) {
  return (
    <Button type="submit" variant={variant} disabled={saving}>
      <SaveIcon aria-hidden="true" />
      {saving ? 'Sauvegarde...' : label}
    </Button>
  );
}
