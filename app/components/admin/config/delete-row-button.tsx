// The bin button of a short list row (contact emails, distances): deletes at once,
// as the spec asks no confirmation for these; posts `intent` + `id`.
import { Trash2Icon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';

export function DeleteRowButton({ intent, id, label }: { intent: string; id: string; label: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        disabled={fetcher.state !== 'idle'}
        aria-label={label}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </fetcher.Form>
  );
}
