// The feed parser's child process (see feed-parser.ts): reads one feed at a time and
// answers with its events or why it was refused. Its heap is capped by the parent; if a
// feed exhausts it, this process dies and the server does not.
import { decodeFeed, FeedRefused, parseFeed, type ParseOptions } from './ical-parse';

process.on('message', ({ id, bytes, options }: { id: number; bytes: Uint8Array; options: ParseOptions }) => {
  try {
    process.send!({ id, parsed: parseFeed(decodeFeed(bytes), options) });
  } catch (error) {
    const refused = error instanceof FeedRefused;
    // A stack overflow on deep nesting, or any other throw inside node-ical: the feed's shape.
    process.send!({ id, refused: refused ? error.message : `calendrier illisible (${String((error as Error)?.message ?? error).slice(0, 120)})` });
  }
});
process.on('disconnect', () => process.exit(0));
