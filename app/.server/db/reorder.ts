// Monter / Descendre of an ordered list (rooms, home page sections, languages): the one
// way a row moves one step, to its neighbour's place. The caller runs it in its
// transaction, after its own lock of the table.
import { asc, desc, eq, gt, lt, type ColumnBaseConfig } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A table ordered by an integer `position`, its rows named by a uuid `id`. */
type OrderedTable = PgTable & {
  id: PgColumn<ColumnBaseConfig<'string', 'PgUUID'> & { data: string; notNull: true }>;
  position: PgColumn<ColumnBaseConfig<'number', 'PgInteger'> & { data: number; notNull: true }>;
};

/**
 * How the two rows change places (SPEC §4): rooms `swap` their positions (two writes);
 * sections and languages `park` the moved row at -1 for a moment, the neighbour takes the
 * moved one's old position, then the moved one takes the neighbour's old position.
 */
export type PositionWrites = 'swap' | 'park';

/** False when the row is not there, or has no neighbour in that direction (already first or last). */
export async function moveByPosition<T extends OrderedTable>(
  tx: Executor,
  table: T,
  id: string,
  direction: 'up' | 'down',
  writes: PositionWrites,
): Promise<boolean> {
  // `from` takes the table as a plain PgTable: drizzle cannot check a generic one.
  const list: PgTable = table;
  const [moved] = await tx.select({ position: table.position }).from(list).where(eq(table.id, id));
  if (!moved) return false;
  const [neighbour] = await tx
    .select({ id: table.id, position: table.position })
    .from(list)
    .where(direction === 'up' ? lt(table.position, moved.position) : gt(table.position, moved.position))
    .orderBy(direction === 'up' ? desc(table.position) : asc(table.position))
    .limit(1);
  if (!neighbour) return false;
  const place = (rowId: string, position: number) =>
    tx
      .update(table)
      .set({ position } as PgUpdateSetSource<T>)
      .where(eq(table.id, rowId));
  if (writes === 'park') {
    await place(id, -1);
    await place(neighbour.id, moved.position);
    await place(id, neighbour.position);
  } else {
    await place(id, neighbour.position);
    await place(neighbour.id, moved.position);
  }
  return true;
}
