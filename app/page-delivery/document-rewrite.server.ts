// The server-rendered document on its way out, rewritten by small rules (the inline icon
// sprite, deferred hydration). React has written the whole page by then
// (entry.server.tsx), so a rule sees the document as one buffer of UTF-8 bytes: it finds
// its few places with a byte search and decodes only the tags it changes. The page is
// never decoded whole: a 100 KB+ string would go straight to V8's old generation on every
// uncached request, and decoding, matching and re-encoding every chunk of it cost more
// than the render's own flush (React Router's loader data above all needs no change).
import { remember } from '~/lib/remember';

/** One change to the document: bytes `from`..`to` (exclusive) replaced by `insert`. */
export interface DocumentEdit {
  from: number;
  to: number;
  insert: string;
}

/** A rule: the changes it makes to a whole document, at byte offsets, none overlapping another rule's. */
export type DocumentRule = (document: Buffer) => DocumentEdit[];

// The rules' few needles, encoded once (Buffer#indexOf encodes a string needle on every call).
const needles = new Map<string, Buffer>();

/** Every `needle` (ASCII) in `document` from `from` on, as byte offsets. */
export function offsetsOf(document: Buffer, needle: string, from = 0): number[] {
  const bytes = remember(needles, needle, 32, (text) => Buffer.from(text, 'latin1'));
  const found: number[] = [];
  for (let at = document.indexOf(bytes, from); at >= 0; at = document.indexOf(bytes, at + bytes.length)) found.push(at);
  return found;
}

/** The tag that opens at `at`, decoded, and where it ends (exclusive); null when it never closes. */
export function tagAt(document: Buffer, at: number): { text: string; end: number } | null {
  const close = document.indexOf('>', at);
  return close < 0 ? null : { text: document.toString('utf8', at, close + 1), end: close + 1 };
}

export function rewriteDocument(document: Buffer<ArrayBuffer>, rules: DocumentRule[]): Buffer<ArrayBuffer> {
  const edits = rules.flatMap((rule) => rule(document)).sort((a, b) => a.from - b.from);
  if (!edits.length) return document;
  const parts: Buffer[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.from < at) throw new Error(`Overlapping document edits at byte ${edit.from}`);
    parts.push(document.subarray(at, edit.from), Buffer.from(edit.insert, 'utf8'));
    at = edit.to;
  }
  parts.push(document.subarray(at));
  return Buffer.concat(parts);
}
