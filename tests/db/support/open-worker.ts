// Opens (creating and migrating) a database file from a separate process; prints the migrations it finds recorded.
import { openDatabase } from '../../../main/db/open-database.ts';

const db = openDatabase(process.argv[2]!);
process.stdout.write(`${String(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get())}\n`);
db.close();
