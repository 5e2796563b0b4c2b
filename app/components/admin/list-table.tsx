// The one list layout of the back office: a table on wide screens; under 768 px each
// row becomes a stacked card whose cells carry their column's name as a visible label
// and whose actions wrap onto their own line, so nothing needs horizontal scrolling.
// Explicit ARIA roles keep the table semantics when CSS changes the display.
import { cn } from '~/lib/utils';

export interface ListColumn {
  label: string;
  /** Visually hidden on wide screens too (e.g. a drag handle column). */
  hidden?: boolean;
  className?: string;
}

export function ListTable({ label, columns, children, className }: { label: string; columns: ListColumn[]; children: React.ReactNode; className?: string }) {
  return (
    <table role="table" aria-label={label} className={cn('w-full text-sm max-md:block', className)}>
      <thead role="rowgroup" className="max-md:sr-only">
        <tr role="row" className="border-b">
          {columns.map((column) => (
            <th
              key={column.label}
              role="columnheader"
              scope="col"
              className={cn('h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground', column.hidden && 'sr-only', column.className)}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-md:block max-md:space-y-3 [&_tr:last-child]:md:border-0">
        {children}
      </tbody>
    </table>
  );
}

export function ListRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      role="row"
      className={cn('border-b transition-colors hover:bg-muted/50 max-md:block max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3', className)}
      {...props}
    />
  );
}

/**
 * A cell. `label` is its column's name, shown beside the value on a phone only
 * (hidden from screen readers, which already announce the column header).
 * `actions` marks the cell of buttons: right-aligned, wrapping on a phone.
 */
export function ListCell({ label, actions, className, children, ...props }: React.ComponentProps<'td'> & { label?: string; actions?: boolean }) {
  return (
    <td
      role="cell"
      className={cn(
        'p-2 align-middle max-md:flex max-md:min-h-9 max-md:items-center max-md:gap-3 max-md:px-0 max-md:py-1',
        actions ? 'text-right max-md:mt-2 max-md:border-t max-md:pt-3' : 'max-md:justify-between',
        className,
      )}
      {...props}
    >
      {label ? (
        <span aria-hidden="true" className="shrink-0 text-muted-foreground md:hidden">
          {label}
        </span>
      ) : null}
      {actions ? <div className="flex flex-wrap items-center justify-end gap-1 max-md:w-full max-md:justify-start max-md:gap-2">{children}</div> : children}
    </td>
  );
}
