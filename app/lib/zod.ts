// The app's one entry to zod. `jitless`: zod 4 otherwise probes `new Function()` to
// compile parsers, which our Content-Security-Policy (no 'unsafe-eval') reports as a
// violation in the browser; the interpreted parsers are fast enough for our forms.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
