// What a backup holds, read from PostgreSQL's catalog rather than from a list kept by
// hand: every table of the `public` schema (whoever added it), its columns, the order in
// which foreign keys allow loading them, and the sequences' positions.
import type pg from 'pg';

export interface CatalogTable {
  name: string;
  /** Stored columns in table order; generated columns are left out (COPY cannot load them). */
  columns: string[];
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** Orders tables so that every table comes after the tables its foreign keys point to. */
export function orderByForeignKeys(tables: string[], references: Array<{ from: string; to: string }>): string[] {
  const pending = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { from, to } of references) {
    if (from !== to && pending.has(from) && pending.has(to)) pending.get(from)!.add(to); // a self-reference loads in one COPY
  }
  const ordered: string[] = [];
  while (pending.size) {
    const ready = [...pending]
      .filter(([, needs]) => needs.size === 0)
      .map(([t]) => t)
      .sort();
    if (!ready.length) {
      throw new Error(`Foreign keys form a cycle between tables: ${[...pending.keys()].sort().join(', ')}`);
    }
    for (const table of ready) {
      ordered.push(table);
      pending.delete(table);
      for (const needs of pending.values()) needs.delete(table);
    }
  }
  return ordered;
}

/** Every application table with its stored columns, in an order foreign keys accept. */
export async function listCatalogTables(client: pg.ClientBase): Promise<CatalogTable[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     group by c.relname`);
  const references = await client.query<{ from: string; to: string }>(`
    select src.relname as from, dst.relname as to
      from pg_constraint k
      join pg_class src on src.oid = k.conrelid
      join pg_class dst on dst.oid = k.confrelid
      join pg_namespace n on n.oid = src.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`);
  const columns = new Map(tables.rows.map((t) => [t.name, t.columns]));
  return orderByForeignKeys([...columns.keys()], references.rows).map((name) => ({ name, columns: columns.get(name)! }));
}

/** The position of every sequence of the `public` schema (serial and identity columns, or standalone). */
export async function readSequences(client: pg.ClientBase): Promise<SequenceState[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const states: SequenceState[] = [];
  for (const { name } of rows) {
    const state = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from public.${quoteIdentifier(name)}`);
    states.push({ name, lastValue: state.rows[0]!.last_value, isCalled: state.rows[0]!.is_called });
  }
  return states;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
