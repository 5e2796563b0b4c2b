// The server-rendered document on its way out, rewritten by small stateful rules (the
// inline icon sprite, deferred hydration) without ever holding it whole: React writes it
// in chunks that may split a tag or a UTF-8 character, so each chunk is cut before its
// last unfinished tag or character, whose bytes wait for the next chunk. A rule therefore
// always sees whole tags, and no request holds its page as one 100 KB+ string (V8 puts
// strings that size straight into its old generation; entry.server.tsx gathers the
// rewritten bytes, off the heap). Once every rule has done its work (both act early in the
// document), the rest — React Router's loader data above all — passes through as bytes,
// never decoded.
import { Transform } from 'node:stream';

/** A rule: given the next part of the document (whole tags), what to send instead. */
export interface SegmentRule {
  rewrite(segment: string): string;
  /** True once the rule will change nothing more in the document. */
  readonly finished: boolean;
}

const LT = 0x3c;
const GT = 0x3e;

/**
 * Where bytes may be cut without splitting a tag or a character: before a `<` that no
 * `>` follows, else before an incomplete UTF-8 sequence at the end, else at the end.
 */
export function safeCut(bytes: Uint8Array): number {
  const open = bytes.lastIndexOf(LT);
  if (open >= 0 && bytes.indexOf(GT, open) < 0) return open;
  // A lead byte among the last three whose sequence runs past the end (continuation bytes are 10xxxxxx).
  for (let at = bytes.length - 1; at >= 0 && at >= bytes.length - 3; at--) {
    const byte = bytes[at]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return at + length > bytes.length ? at : bytes.length;
  }
  return bytes.length;
}

export function rewriteDocument(rules: SegmentRule[]): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let passing = false;
  const apply = (segment: Buffer) => {
    const text = rules.reduce((part, rule) => (rule.finished ? part : rule.rewrite(part)), segment.toString('utf8'));
    passing = rules.every((rule) => rule.finished);
    return Buffer.from(text, 'utf8');
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (passing) return done(null, chunk);
      const bytes = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const cut = safeCut(bytes);
      pending = bytes.subarray(cut);
      if (cut === 0) return done();
      const out = apply(bytes.subarray(0, cut));
      // The rules are done: what waited for the next chunk goes out untouched too.
      if (passing && pending.length) {
        const rest = pending;
        pending = Buffer.alloc(0);
        return done(null, Buffer.concat([out, rest]));
      }
      done(null, out);
    },
    flush(done) {
      const rest = pending;
      pending = Buffer.alloc(0);
      done(null, rest.length ? (passing ? rest : apply(rest)) : undefined);
    },
  });
}
