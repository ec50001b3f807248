// A separate process reserving reads on a shared database file as fast as the rule allows, for the multi-process
// quota test. Usage: reserve-worker.ts FILE LIMIT WINDOW_MS TARGET. It prints "ready", waits for a line on stdin (so
// every worker starts together however slow its start-up), reserves until the shared ledger holds at least TARGET
// reads (whoever granted them), then prints the reads it was granted. It stops on a count, not on a duration, so a
// slow machine makes it run longer, never do less.
import { once } from 'node:events';
import { openDatabase } from '../../../main/db/open-database.ts';
import { ledgerRows, reserveRead } from '../../../main/db/read-ledger.ts';

const [file, limit, windowMs, target] = process.argv.slice(2);
const rule = { limit: Number(limit), windowMs: Number(windowMs) };
const db = openDatabase(file!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.pause();
let granted = 0;
while (ledgerRows(db).length < Number(target)) {
  const request = { endpoint: 'POST /v1/proofs', baseUrl: `worker-${process.pid}`, proofIds: [] };
  const r = reserveRead(db, request, rule, Date.now);
  if (r.granted) granted++;
  else await sleep(Math.max(1, r.notBefore - Date.now()));
}
db.close();
process.stdout.write(`${granted}\n`);
