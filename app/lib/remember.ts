// One way to keep what is costly to make and asked for again on every render or request
// (a date formatter per locale and options, plural rules per language, a catalog key's
// text, a phone link, a document search's needle, a cached page's key): a map emptied
// whenever it reaches its bound, so that keys made from stored or received text can never
// grow it without end.

/** `make(key)`, made once and then read from `memo` (emptied when it holds `bound` entries). A `make` that throws keeps nothing. */
export function remember<K, V>(memo: Map<K, V>, key: K, bound: number, make: (key: K) => V): V {
  if (memo.has(key)) return memo.get(key) as V;
  const value = make(key);
  if (memo.size >= bound) memo.clear();
  memo.set(key, value);
  return value;
}
