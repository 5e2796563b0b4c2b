// SPEC §2: room cards sit in 3 columns, or 2 when a lone card would be left on the last row.
export function roomGridColumns(count: number): 2 | 3 {
  return count % 3 === 1 ? 2 : 3;
}

/** Tailwind classes for the grid (1 column on phones, 2 on tablets). */
export function roomGridClass(count: number): string {
  return roomGridColumns(count) === 2 ? 'grid-cols-1 md:grid-cols-2' : 'grid-cols-1 md:grid-cols-2 lg:grid-cols-3';
}
