// Homepage section editor (SPEC §2, §4, §5): general tab and images tab.
// Title and content load and save in the back office's editing language.
import { getFormProps, getInputProps } from '@conform-to/react';
import { useState } from 'react';
import { data, useActionData, useLoaderData } from 'react-router';
import { getEditingLanguageDetails } from '~/.server/languages/editing-language-choice';
import { requireAdmin } from '~/.server/auth/permissions';
import { getSectionForEdit, saveSection } from '~/.server/content/sections';
import { redirectWithToast } from '~/.server/http/toast-response';
import { loadEditor, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { listFieldsToReview } from '~/.server/languages/translation-coverage';
import { useAdminForm } from '~/components/admin/admin-form';
import { AmenityCheckboxes } from '~/components/admin/amenity-checkboxes';
import { EditorForm, ImagesCard } from '~/components/admin/editor-kit';
import { EditorHeader } from '~/components/admin/editor-header';
import { adminMeta } from '~/components/admin/screen-kit';
import { ErrorList, Field } from '~/components/forms';
import { RichTextField } from '~/components/admin/rich-text-editor';
import { TranslatableField, useLinkedField } from '~/components/admin/translation-field';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { DEFAULT_SECTION_TITLE, SectionSchema } from '~/lib/schemas/section';
import { isUuid } from '~/lib/uuid';
import type { Route } from './+types/section-editor';

const SCREEN = 'admin/section-editor';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await getEditingLanguageDetails(request);
  if (params.sectionId === 'new') return { section: null, language, review: [] as string[] };
  const sectionId = params.sectionId;
  return loadEditor(SCREEN, 'Impossible de charger la section', async () => {
    if (!isUuid(sectionId)) return null;
    const [section, review] = await Promise.all([
      getSectionForEdit(sectionId, language.code),
      listFieldsToReview([{ owner: 'homepage_section', entityId: sectionId }], language.code),
    ]);
    return section ? { section, language, review } : null;
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const sectionId = params.sectionId === 'new' ? null : params.sectionId;
  if (sectionId !== null && !isUuid(sectionId)) throw data('Unknown section', { status: 404 });
  switch (formData.get('intent')) {
    case 'save':
      return runIntent(formData, {
        screen: SCREEN,
        schema: SectionSchema,
        failure: 'Impossible de sauvegarder la section',
        perform: async ({ intent: _, ...values }) => saveSection(sectionId, values, await getEditingLanguageDetails(request)),
        success: (_, id) =>
          sectionId
            ? 'Section sauvegardée avec succès'
            : redirectWithToast(`/admin/section/${id}`, { type: 'success', title: 'Succès', description: 'Section sauvegardée avec succès' }),
      });
    default:
      return unknownIntent(formData);
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.section ? `Section : ${loaderData.section.displayTitle}` : 'Nouvelle section';
  return adminMeta(title);
}

export default function SectionEditor() {
  const { section, language } = useLoaderData<typeof loader>();
  const [tab, setTab] = useState('general');
  useLinkedField(setTab);
  const title = section ? `Édition: ${section.displayTitle}` : 'Nouvelle section';
  return (
    <div className="space-y-6">
      <EditorHeader backTo="/admin/sections" backLabel="Retour aux sections" title={title} languageName={language.name} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="general">Général</TabsTrigger>
          <TabsTrigger value="images" disabled={!section}>
            Images
          </TabsTrigger>
        </TabsList>
        {!section && <p className="text-sm text-muted-foreground">Les images seront disponibles après le premier enregistrement.</p>}
        <TabsContent value="general" forceMount className="data-[state=inactive]:hidden">
          <SectionForm key={`${section?.id ?? 'new'}-${language.code}`} />
        </TabsContent>
        {section && (
          <TabsContent value="images">
            <ImagesCard target={{ kind: 'section', id: section.id }} images={section.images} primaryImage={section.primaryImage} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

function SectionForm() {
  const { section, review } = useLoaderData<typeof loader>();
  const [form, fields] = useAdminForm({
    schema: SectionSchema,
    reply: useActionData<typeof action>(),
    // SPEC §4: a new section starts as 'Nouvelle section'; in another language, the default title is a hint.
    defaultValue: { title: section ? section.title : DEFAULT_SECTION_TITLE },
  });
  return (
    <EditorForm formProps={getFormProps(form)} title="Général" cancelTo="/admin/sections">
      <TranslatableField field="title" review={review}>
        <Field
          label="Titre *"
          inputProps={{
            ...getInputProps(fields.title, { type: 'text' }),
            placeholder: section && !section.title ? section.displayTitle : undefined,
            autoComplete: 'off',
          }}
          errors={fields.title.errors}
        />
      </TranslatableField>
      <TranslatableField field="content" review={review}>
        <RichTextField label="Contenu" meta={fields.content} defaultValue={section?.content ?? ''} />
      </TranslatableField>
      <div className="flex items-center gap-3">
        <Switch id={fields.isActive.id} name={fields.isActive.name} defaultChecked={section?.isActive ?? true} />
        <Label htmlFor={fields.isActive.id}>Section active</Label>
      </div>
      <AmenityCheckboxes name={fields.amenities.name} defaultValue={section?.amenities ?? []} />
      <ErrorList id={fields.amenities.errorId} errors={fields.amenities.errors} />
    </EditorForm>
  );
}
