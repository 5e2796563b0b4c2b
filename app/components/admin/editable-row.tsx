// A row of the ordered lists whose items have an editor page (Chambres, Sections):
// clicking the row opens the editor; the actions cell has the row's own buttons,
// then Monter/Descendre, Modifier and Supprimer (with its confirmation).
import { PencilIcon, PlusIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { ListCell, ListRow } from '~/components/admin/list-table';
import { MoveButtons } from '~/components/admin/move-buttons';
import { Button } from '~/components/ui/button';

export function AddLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Button asChild>
      <Link to={to}>
        <PlusIcon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

export function EditableRow({
  id,
  name,
  editTo,
  index,
  count,
  remove,
  actions,
  children,
}: {
  id: string;
  name: string;
  editTo: string;
  /** Place in the list and its length: the first cannot go up, the last cannot go down. */
  index: number;
  count: number;
  remove: { title: string; description: string };
  /** Buttons of this kind of row, before the common ones. */
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <ListRow className="cursor-pointer" onClick={() => navigate(editTo)}>
      {children}
      <ListCell actions>
        {actions}
        <MoveButtons id={id} name={name} isFirst={index === 0} isLast={index === count - 1} />
        <Button asChild variant="ghost" size="icon">
          <Link to={editTo} aria-label={`Modifier ${name}`} title="Modifier" onClick={(event) => event.stopPropagation()}>
            <PencilIcon aria-hidden="true" />
          </Link>
        </Button>
        <ConfirmDelete label={`Supprimer ${name}`} title={remove.title} description={remove.description} fields={{ id }} />
      </ListCell>
    </ListRow>
  );
}
