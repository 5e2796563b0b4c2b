// A heading built from a date formatter's words ("enero de 2027", "janvier 2027") starts
// with a capital letter, and only its first word changes: in French and Spanish a month
// is a common noun, lower-case inside a sentence ("Enero de 2027", never "Enero De 2027",
// which CSS's text-transform: capitalize writes); German already capitalises nouns and
// English its months. The first letter is upper-cased by the language's own rules
// (Turkish i → İ), and Dutch capitalises the digraph ij as one letter (IJ).

/** The letters that a language capitalises together at the start of a word. */
const INITIAL_DIGRAPHS: Record<string, RegExp> = { nl: /^ij/i };

/** `text` as a heading of `language` writes it: its first letter (or digraph) upper-case, the rest untouched. */
export function headingCase(text: string, language: string): string {
  if (!text) return text;
  const base = language.toLowerCase().split('-')[0]!;
  const first = INITIAL_DIGRAPHS[base]?.exec(text)?.[0] ?? String.fromCodePoint(text.codePointAt(0)!);
  return first.toLocaleUpperCase(language) + text.slice(first.length);
}
