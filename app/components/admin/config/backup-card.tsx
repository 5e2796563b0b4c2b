// The configuration screen's backup card: the whole site as one archive, and when the
// last backup was made. A plain form post (no fetcher): the browser saves the streamed
// answer as a file and the page stays where it is; it works before hydration too.
import { DownloadIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Button } from '~/components/ui/button';
import { useOwnerTime } from '~/components/admin/owner-time';

export interface LastBackup {
  kind: string;
  bytes: number;
  createdAt: Date | string;
}

const KIND_LABELS: Record<string, string> = {
  download: 'téléchargée',
  command: 'en ligne de commande',
  nightly: 'automatique (nuit)',
};

function formatSize(bytes: number): string {
  const megabytes = bytes / 1024 / 1024;
  return megabytes >= 1 ? `${megabytes.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`;
}

export function BackupCard({ lastBackup }: { lastBackup: LastBackup | null }) {
  const ownerTime = useOwnerTime();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Sauvegarde</h3>
        </CardTitle>
        <CardDescription>
          Toutes les données du site et les images originales dans un seul fichier .tar.gz, à conserver en lieu sûr. Pour remettre le site dans l&apos;état
          d&apos;une sauvegarde, la personne qui gère le serveur suit la section « Backup and restore » du fichier README du site : le site est arrêté le temps
          de la restauration.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm" data-testid="last-backup">
          {lastBackup
            ? `Dernière sauvegarde : ${ownerTime(lastBackup.createdAt)} (${KIND_LABELS[lastBackup.kind] ?? lastBackup.kind}, ${formatSize(lastBackup.bytes)})`
            : 'Aucune sauvegarde pour le moment'}
        </p>
        <form method="post" action="/api/backup">
          <input type="hidden" name="intent" value="download-backup" />
          <Button type="submit" variant="outline">
            <DownloadIcon aria-hidden="true" />
            Télécharger une sauvegarde
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
