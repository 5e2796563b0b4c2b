import { z } from '~/lib/zod';

// The Notifications screen (issue 48): this device's subscription as the browser gives it
// (PushSubscription.toJSON()), checked again on the server (a point of the curve, the
// endpoint's address) before it is kept.

const NOT_VALID = "L'abonnement donné par le navigateur n'est pas valable";
const endpoint = z.string({ error: NOT_VALID }).trim().min(1, NOT_VALID).max(1024, NOT_VALID);
const key = (max: number) => z.string({ error: NOT_VALID }).trim().min(1, NOT_VALID).max(max, NOT_VALID);

export const SubscribeDeviceSchema = z.object({
  endpoint,
  p256dh: key(100),
  auth: key(40),
  applicationServerKey: key(100),
});

export const ThisDeviceSchema = z.object({ endpoint });

export const RemoveDeviceSchema = z.object({ id: z.uuid({ error: 'Appareil introuvable' }) });
