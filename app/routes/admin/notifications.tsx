// 'Notifications' (issue 48): each admin turns notifications on or off on each of their
// devices, tries one, and sees (and removes) the devices that receive them. A new
// booking request, a deposit received, a guest's message then reach the phone at once;
// the owner mails stay as they were. The card and the list live in
// components/admin/notifications/.
import { useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { requireAdmin } from '~/.server/auth/permissions';
import { queueTestNotification } from '~/.server/notifications/owner-notifications';
import { listPushDevices, removePushDevice, removePushSubscription, savePushSubscription } from '~/.server/notifications/subscriptions';
import { vapidKeys } from '~/.server/notifications/vapid';
import { DevicesCard } from '~/components/admin/notifications/devices-card';
import { ThisDeviceCard } from '~/components/admin/notifications/this-device-card';
import { adminMeta, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { RemoveDeviceSchema, SubscribeDeviceSchema, ThisDeviceSchema } from '~/lib/schemas/push-subscription';
import type { Route } from './+types/notifications';

const SCREEN = 'admin/notifications';

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const list = await loadList(SCREEN, 'Impossible de charger vos appareils', async () => ({ devices: await listPushDevices(viewer.userId) }), {
    devices: [],
  });
  return { ...list, applicationServerKey: (await vapidKeys()).publicKey };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'subscribe':
      return runIntent(formData, {
        screen: SCREEN,
        schema: SubscribeDeviceSchema,
        failure: "Impossible d'activer les notifications",
        perform: (subscription) => savePushSubscription(viewer.userId, subscription, request.headers.get('user-agent')),
        success: 'Notifications activées sur cet appareil',
      });
    case 'unsubscribe':
      return runIntent(formData, {
        screen: SCREEN,
        schema: ThisDeviceSchema,
        failure: 'Impossible de désactiver les notifications',
        perform: ({ endpoint }) => removePushSubscription(viewer.userId, endpoint),
        success: 'Notifications désactivées sur cet appareil',
      });
    case 'test':
      return runIntent(formData, {
        screen: SCREEN,
        schema: ThisDeviceSchema,
        failure: "Cet appareil n'est pas abonné aux notifications",
        perform: ({ endpoint }) => queueTestNotification(viewer.userId, endpoint),
        success: 'Notification de test envoyée',
      });
    case 'delete':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RemoveDeviceSchema,
        failure: "Impossible de retirer l'appareil",
        perform: ({ id }) => removePushDevice(viewer.userId, id),
        success: 'Appareil retiré',
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Notifications');

export default function Notifications() {
  const { devices, applicationServerKey, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="notifications-title" className="space-y-6">
      <ScreenHeader
        id="notifications-title"
        title="Notifications"
        description="Recevez sur votre téléphone chaque nouvelle demande de réservation, acompte reçu et message de client"
      />
      <LoadError message={loadError} />
      <ThisDeviceCard applicationServerKey={applicationServerKey} devices={devices} />
      <DevicesCard devices={devices} />
    </section>
  );
}
