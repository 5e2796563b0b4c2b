// 'Vos appareils': every device on which this admin turned notifications on, when, and
// when one last reached it; « Retirer » for a phone lost or given away.
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { EmptyState, formatDate } from '~/components/admin/screen-kit';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';

export interface PushDeviceRow {
  id: string;
  device: string;
  createdAt: Date | string;
  lastSuccessAt: Date | string | null;
}

export function DevicesCard({ devices }: { devices: PushDeviceRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Vos appareils</h3>
        </CardTitle>
        <CardDescription>Les appareils sur lesquels vous recevez les notifications de votre compte.</CardDescription>
      </CardHeader>
      <CardContent>
        {devices.length === 0 ? (
          <EmptyState>Aucun appareil ne reçoit vos notifications.</EmptyState>
        ) : (
          <ListTable
            label="Vos appareils"
            columns={[{ label: 'Appareil' }, { label: 'Activé le' }, { label: 'Dernière notification reçue' }, { label: 'Actions', className: 'text-right' }]}
          >
            {devices.map((device) => (
              <ListRow key={device.id}>
                <ListCell className="font-medium">{device.device}</ListCell>
                <ListCell label="Activé le">{formatDate(device.createdAt)}</ListCell>
                <ListCell label="Dernière notification reçue">{device.lastSuccessAt ? formatDate(device.lastSuccessAt) : 'Aucune pour l’instant'}</ListCell>
                <ListCell actions>
                  <ConfirmDelete
                    label={`Retirer ${device.device}, activé le ${formatDate(device.createdAt)}`}
                    triggerText="Retirer"
                    title="Retirer l'appareil"
                    description={`${device.device} ne recevra plus vos notifications. Vous pourrez les réactiver depuis cet appareil.`}
                    fields={{ id: device.id }}
                    confirmText="Retirer"
                    busyText="Retrait..."
                  />
                </ListCell>
              </ListRow>
            ))}
          </ListTable>
        )}
      </CardContent>
    </Card>
  );
}
