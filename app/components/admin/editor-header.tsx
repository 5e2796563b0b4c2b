// Top of the room and section editors: back button, title, editing language.
import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';

export function EditorHeader({ backTo, backLabel, title, languageName }: { backTo: string; backLabel: string; title: string; languageName: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button asChild variant="outline" size="sm">
        <Link to={backTo}>
          <ArrowLeftIcon aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
      {/* Wraps rather than truncates: on a phone the title is the only place the name shows. */}
      <h2 className="min-w-0 flex-1 text-xl font-semibold break-words sm:text-2xl">{title}</h2>
      <Badge variant="secondary">Langue d'édition : {languageName}</Badge>
    </div>
  );
}
