import { readReceipt, verifyReceipt, type SubmissionReceipt } from '../core/receipts/submission-receipt.ts';
import type { Failure } from '../core/result.ts';
import { announcedReceiptKey } from '../services/receipts/announced-receipt-key.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { readJsonFile } from './file-arguments.ts';
import { printJson, type CliIo } from './io.ts';
import { either, may, need, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

const SYNOPSIS = synopsis([
  positional('FILE', 'the receipt: the answer of a submission'),
  either([need('key')], [need('season-url', { help: 'the season service whose key is read (GET /v1/season/{n})' })]),
  may('json'),
]);

function refuse(io: CliIo, json: boolean, failure: Failure): number {
  const field = typeof failure.details?.['field'] === 'string' ? (failure.details['field'] as string) : null;
  if (json)
    printJson(io, { ok: false, code: failure.code, field, message: failure.message, details: failure.details ?? null });
  else
    io.err(
      `proveit season receipt verify: ${failure.code}${field === null ? '' : ` [${field}]`}: ${failure.message}\n`,
    );
  return EXIT.failed;
}

function human(r: SubmissionReceipt, key: string): string {
  return (
    `receipt verified: season ${r.season}, track ${r.track}, task ${r.task_id}, participant ${r.participant_id}, ` +
    `version ${r.version}${r.replaces_previous ? ' (replaces the previous one)' : ''}, received ${r.received_at}, ` +
    `submission SHA-256 ${r.submission_sha256}; signed by the receipt key ${key}\n`
  );
}

/**
 * `proveit season receipt verify` (docs/season-service.md "Receipts"): checks offline that a submission's
 * answer was signed by the season service's receipt key, given as --key or read from GET {url}/v1/season/{n}. Exit 0
 * verified; 1 naming the field at fault (a field edited after signing breaks the signature); 2 on a usage error.
 */
export const seasonReceiptVerifyCommand: Command = {
  path: ['season', 'receipt', 'verify'],
  summary:
    "check a submission's signed receipt offline against the season service's receipt key (exit 1 names the field)",
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, seasonReceiptVerifyCommand, parsed.message);
    const { values, positionals } = parsed;
    if (positionals.length !== 1) {
      return usageError(io, seasonReceiptVerifyCommand, 'give exactly one receipt file (the answer of a submission)');
    }
    const json = values.json ?? false;
    const file = await readJsonFile(positionals[0]!, 'receipt');
    if (!file.ok) return refuse(io, json, file.error);

    let key: string;
    if (values.key !== undefined) {
      key = values.key.trim().toLowerCase();
    } else {
      // The season is the receipt's own: its form is checked first, so the URL is built from a valid number.
      const read = readReceipt(file.value);
      if (!read.ok) return refuse(io, json, read.error);
      const announced = await announcedReceiptKey(
        values['season-url'] as string,
        read.value.season,
        'or give the key with --key HEX',
      );
      if (!announced.ok) return refuse(io, json, announced.error);
      key = announced.value;
    }
    const verified = verifyReceipt(file.value, key);
    if (!verified.ok) return refuse(io, json, verified.error);
    if (json) printJson(io, { ok: true, receipt_public_key: key, receipt: verified.value });
    else io.out(human(verified.value, key));
    return EXIT.ok;
  },
};
