// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded server in DATA_DIR.
import { openDatabase } from '../app/.server/db/open';

const { embedded } = await openDatabase();
console.log('Migrations applied.');
await embedded?.stop();
process.exit(0);
