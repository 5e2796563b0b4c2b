// What the room and section editors share: the page form of the general tab (Conform
// props, hidden intent, the card, Annuler / Sauvegarder, the unsaved-changes guard)
// and the images card.
import type { getFormProps } from '@conform-to/react';
import { useRef } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { ImageUploader, type ImageUploaderProps } from '~/components/admin/image-uploader';
import { useUnsavedChangesGuard } from '~/components/admin/unsaved-changes';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';

/** Posts `intent=save` to the editor's own route; leaving with unsaved changes asks first. */
export function EditorForm({
  formProps,
  title,
  cancelTo,
  children,
}: {
  /** `getFormProps(form)` of the editor's Conform form. */
  formProps: ReturnType<typeof getFormProps>;
  title: string;
  cancelTo: string;
  children: React.ReactNode;
}) {
  const actionData = useActionData();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef, actionData, navigation.state === 'idle');
  return (
    <Form ref={formRef} method="post" {...formProps} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>Les champs marqués * sont obligatoires.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">{children}</CardContent>
      </Card>
      <div className="flex justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={cancelTo}>Annuler</Link>
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Sauvegarde...' : 'Sauvegarder'}
        </Button>
      </div>
    </Form>
  );
}

export function ImagesCard(props: ImageUploaderProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Images</CardTitle>
      </CardHeader>
      <CardContent>
        <ImageUploader {...props} />
      </CardContent>
    </Card>
  );
}
