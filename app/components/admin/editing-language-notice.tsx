// Said once a link (a missing text on Traductions) has changed the editing language: the
// change lasts for the following screens, so the owner is told, with the way back.
import { LanguagesIcon } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';

export interface EditingLanguageSwitch {
  pathname: string;
  from: { code: string; name: string };
  to: { code: string; name: string };
}

export function EditingLanguageNotice({ change }: { change: EditingLanguageSwitch }) {
  return (
    <div role="status" className="mb-4 flex flex-col gap-2 rounded-md border bg-muted/40 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex gap-2">
        <LanguagesIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>Ce lien a passé la langue d&apos;édition en {change.to.name} : elle le reste sur les autres écrans, jusqu&apos;à ce que vous en changiez.</span>
      </p>
      <Form method="post" action="/api/editing-language" className="shrink-0">
        <input type="hidden" name="language" value={change.from.code} />
        <input type="hidden" name="redirectTo" value={change.pathname} />
        <Button type="submit" variant="outline" size="sm">
          Revenir en {change.from.name}
        </Button>
      </Form>
    </div>
  );
}
