// SPEC §2: room cards sit in 3 columns, or 2 when a lone card would be left on the last row.
export function roomGridColumns(count: number): 2 | 3 {
  return count % 3 === 1 ? 2 : 3;
}

/** Tailwind classes for the grid (1 column on phones, 2 on tablets). */
export function roomGridClass(count: number): string {
  return roomGridColumns(count) === 2 ? 'grid-cols-1 md:grid-cols-2' : 'grid-cols-1 md:grid-cols-2 lg:grid-cols-3';
}

/**
 * The `sizes` of a room card's image: the page's width on phones, half from md (768px),
 * a third of max-w-6xl (72rem) from lg when the grid has three columns.
 */
export function roomCardImageSizes(count: number): string {
  return roomGridColumns(count) === 2 ? '(min-width:768px) 50vw,100vw' : '(min-width:1024px) 370px,(min-width:768px) 50vw,100vw';
}
