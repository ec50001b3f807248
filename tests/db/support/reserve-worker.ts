// A separate process reserving reads on a shared database file as fast as the rule allows, for the two-process
// quota test. Usage: reserve-worker.ts FILE LIMIT WINDOW_MS START_AT_MS DURATION_MS; prints the reads it was granted.
import { openDatabase } from '../../../main/db/open-database.ts';
import { reserveRead } from '../../../main/db/read-ledger.ts';

const [file, limit, windowMs, startAt, duration] = process.argv.slice(2);
const rule = { limit: Number(limit), windowMs: Number(windowMs) };
const db = openDatabase(file!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
await sleep(Math.max(0, Number(startAt) - Date.now()));
let granted = 0;
const end = Number(startAt) + Number(duration);
while (Date.now() < end) {
  const r = reserveRead(
    db,
    { endpoint: 'POST /v1/proofs', baseUrl: `worker-${process.pid}`, proofIds: [] },
    rule,
    Date.now(),
  );
  if (r.granted) granted++;
  else await sleep(Math.max(1, Math.min(r.notBefore, end) - Date.now()));
}
db.close();
process.stdout.write(`${granted}\n`);
