// Forms of the homepage sections screens (SPEC §2, §4, §5).
import { z } from '~/lib/zod';
import { amenityList, entityId, moveDirection, richText } from './admin-common';

export const DEFAULT_SECTION_TITLE = 'Nouvelle section';

export const SectionSchema = z.object({
  intent: z.literal('save'),
  title: z.string({ error: 'Le titre est requis' }).trim().min(1, 'Le titre est requis').max(200, 'Le titre est trop long (200 caractères maximum)'),
  content: richText,
  // An unticked switch sends nothing.
  isActive: z.boolean().default(false),
  amenities: amenityList,
});
export type SectionInput = z.infer<typeof SectionSchema>;

export const SectionListActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('move'), id: entityId, direction: moveDirection }),
  z.object({ intent: z.literal('activate'), id: entityId }),
  z.object({ intent: z.literal('deactivate'), id: entityId }),
  z.object({ intent: z.literal('delete'), id: entityId }),
]);
