// Homepage section editor (SPEC §2, §4, §5): general tab and images tab.
// Title and content load and save in the back office's editing language.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useId, useRef, useState } from 'react';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { z } from '~/lib/zod';
import { getEditingLanguage } from '~/.server/editing-language';
import { listEditingLanguages } from '~/.server/languages';
import { requireAdmin } from '~/.server/permissions';
import { getSectionForEdit, saveSection } from '~/.server/sections';
import { redirectWithToast } from '~/.server/toast';
import { loadEditor, runIntent, unknownIntent } from '~/.server/admin-screen';
import { AmenityCheckboxes } from '~/components/admin/amenity-checkboxes';
import { EditorHeader } from '~/components/admin/editor-header';
import { ImageUploader } from '~/components/admin/image-uploader';
import { adminMeta } from '~/components/admin/screen-kit';
import { ErrorList } from '~/components/forms';
import { RichTextEditor } from '~/components/admin/rich-text-editor';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '~/components/admin/unsaved-changes';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { DEFAULT_SECTION_TITLE, SectionSchema } from '~/lib/schemas/section';
import type { Route } from './+types/section-editor';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

async function editingLanguage(request: Request) {
  const [code, active] = await Promise.all([getEditingLanguage(request), listEditingLanguages()]);
  const language = active.find((l) => l.code === code);
  return { code, name: language?.name ?? code, isDefault: language?.isDefault ?? code === 'fr' };
}

const SCREEN = 'admin/section-editor';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await editingLanguage(request);
  if (params.sectionId === 'new') return { section: null, language };
  const sectionId = params.sectionId;
  return loadEditor(SCREEN, 'Impossible de charger la section', async () => {
    const section = isUuid(sectionId) ? await getSectionForEdit(sectionId, language.code) : null;
    return section ? { section, language } : null;
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
        perform: async ({ intent: _, ...values }) => saveSection(sectionId, values, await editingLanguage(request)),
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
        {!section && (
          <p className="text-sm text-muted-foreground">Les images seront disponibles après le premier enregistrement.</p>
        )}
        <TabsContent value="general" forceMount className="data-[state=inactive]:hidden">
          <SectionForm key={`${section?.id ?? 'new'}-${language.code}`} />
        </TabsContent>
        {section && (
          <TabsContent value="images">
            <Card>
              <CardHeader>
                <CardTitle>Images</CardTitle>
              </CardHeader>
              <CardContent>
                <ImageUploader
                  target={{ kind: 'section', id: section.id }}
                  images={section.images}
                  primaryImage={section.primaryImage}
                />
              </CardContent>
            </Card>
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

function SectionForm() {
  const { section } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const contentLabelId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const blocker = useUnsavedChangesGuard(formRef, actionData, navigation.state === 'idle');
  const [form, fields] = useForm({
    lastResult: (actionData as { result?: SubmissionResult<string[]> } | undefined)?.result,
    constraint: getZodConstraint(SectionSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SectionSchema }),
    defaultValue: {
      // SPEC §4: a new section starts as 'Nouvelle section'; in another language, the default title is a hint.
      title: section ? section.title : DEFAULT_SECTION_TITLE,
    },
  });

  return (
    <Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <Card>
        <CardHeader>
          <CardTitle>Général</CardTitle>
          <CardDescription>Les champs marqués * sont obligatoires.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="space-y-2">
            <Label htmlFor={fields.title.id}>Titre *</Label>
            <Input
              {...getInputProps(fields.title, { type: 'text' })}
              key={fields.title.key}
              placeholder={section && !section.title ? section.displayTitle : undefined}
              autoComplete="off"
            />
            <ErrorList id={fields.title.errorId} errors={fields.title.errors} />
          </div>
          <div className="space-y-2">
            <Label id={contentLabelId} asChild>
              <span>Contenu</span>
            </Label>
            <RichTextEditor
              name={fields.content.name}
              defaultValue={section?.content ?? ''}
              labelId={contentLabelId}
              errorId={fields.content.errors ? fields.content.errorId : undefined}
              invalid={!!fields.content.errors}
            />
            <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
          </div>
          <div className="flex items-center gap-3">
            <Switch id={fields.isActive.id} name={fields.isActive.name} defaultChecked={section?.isActive ?? true} />
            <Label htmlFor={fields.isActive.id}>Section active</Label>
          </div>
          <AmenityCheckboxes name={fields.amenities.name} defaultValue={section?.amenities ?? []} />
          <ErrorList id={fields.amenities.errorId} errors={fields.amenities.errors} />
        </CardContent>
      </Card>
      <div className="flex justify-end gap-2">
        <Button asChild variant="outline">
          <Link to="/admin/sections">Annuler</Link>
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Sauvegarde...' : 'Sauvegarder'}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}
