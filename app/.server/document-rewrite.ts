// The server-rendered document on its way out, rewritten by small stateful rules (the
// inline icon sprite, deferred hydration) without ever holding it whole: React writes it
// in chunks that may split a tag or a UTF-8 character, so each chunk is decoded and cut
// before its last unfinished tag, which waits for the next chunk. A rule therefore
// always sees whole tags, the first bytes leave as soon as React has written them, and
// no request holds its page as one 100 KB+ string (V8 puts strings that size straight
// into its old generation).
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

/** A rule: given the next part of the document (whole tags), what to send instead. */
export type SegmentRule = (segment: string) => string;

/** Where text may be cut without splitting a tag: before a `<` that no `>` follows. */
export function safeCut(text: string): number {
  const open = text.lastIndexOf('<');
  return open >= 0 && !text.includes('>', open) ? open : text.length;
}

export function rewriteDocument(rules: SegmentRule[]): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const apply = (segment: string) => Buffer.from(rules.reduce((text, rule) => rule(text), segment), 'utf8');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.write(chunk);
      const cut = safeCut(text);
      pending = text.slice(cut);
      done(null, cut > 0 ? apply(text.slice(0, cut)) : undefined);
    },
    flush(done) {
      const rest = pending + decoder.end();
      pending = '';
      done(null, rest ? apply(rest) : undefined);
    },
  });
}
