// Up/down buttons of an ordered list (rooms, sections): `intent=move` with a direction.
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';

export function MoveButtons({ id, name, isFirst, isLast }: { id: string; name: string; isFirst: boolean; isLast: boolean }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="inline-flex" onClick={(event) => event.stopPropagation()}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="direction" value="up" variant="ghost" size="icon" disabled={isFirst || busy} aria-label={`Monter ${name}`} title="Monter">
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        type="submit"
        name="direction"
        value="down"
        variant="ghost"
        size="icon"
        disabled={isLast || busy}
        aria-label={`Descendre ${name}`}
        title="Descendre"
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
    </fetcher.Form>
  );
}
