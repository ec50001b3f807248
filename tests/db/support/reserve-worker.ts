// A separate process reserving reads on a shared database file as fast as the rule allows, for the multi-process
// quota test. Usage: reserve-worker.ts FILE LIMIT WINDOW_MS DURATION_MS. It prints "ready", waits for a line on
// stdin (so every worker starts together however slow its start-up), runs, then prints the reads it was granted.
import { once } from 'node:events';
import { openDatabase } from '../../../main/db/open-database.ts';
import { reserveRead } from '../../../main/db/read-ledger.ts';

const [file, limit, windowMs, duration] = process.argv.slice(2);
const rule = { limit: Number(limit), windowMs: Number(windowMs) };
const db = openDatabase(file!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.pause();
let granted = 0;
const end = Date.now() + Number(duration);
while (Date.now() < end) {
  const request = { endpoint: 'POST /v1/proofs', baseUrl: `worker-${process.pid}`, proofIds: [] };
  const r = reserveRead(db, request, rule, Date.now);
  if (r.granted) granted++;
  else await sleep(Math.max(1, Math.min(r.notBefore, end) - Date.now()));
}
db.close();
process.stdout.write(`${granted}\n`);
