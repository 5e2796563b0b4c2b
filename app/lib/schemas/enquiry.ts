import { z } from '~/lib/zod';

// The enquiry inbox's actions (/admin/messages): each acts on one contact message.
export const ENQUIRY_INTENTS = ['mark-read', 'mark-unread', 'delete', 'retry'] as const;

export const EnquiryActionSchema = z.object({
  intent: z.enum(ENQUIRY_INTENTS, { error: 'Action inconnue' }),
  id: z.uuid({ error: 'Message inconnu' }),
});
