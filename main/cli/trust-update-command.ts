import type { KeyChange } from '../core/trust/key-history-update.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { PRODUCTION_BUNDLE_DIR } from '../services/trust/production-bundle.ts';
import { updateTrustBundle, type TrustUpdateSummary } from '../services/trust/update-bundle.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal } from './freeze-options.ts';
import { printJson } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

/**
 * The key history is a few KiB: its whole answer comes within this or the Trust Layer is not answering (a server that
 * trickles it a byte at a time held the command for ever with idle timeouts only: issue 36).
 */
const TRUST_UPDATE_DEADLINE_MS = 30_000;

const SYNOPSIS = synopsis([
  need('trust-layer', { help: 'the Trust Layer whose published key history is read (/v1/pubkey)' }),
  may('trust', { help: 'the trust bundle compared (left unchanged)' }),
  may('out', {
    value: 'DIR',
    help: 'the new folder the updated bundle is written to',
    defaultText: 'beside the bundle, named after its digest',
  }),
  may('timeout', {
    help: "the deadline for the Trust Layer's whole answer, in seconds",
    defaultText: String(TRUST_UPDATE_DEADLINE_MS / 1000),
  }),
  may('json'),
]);

const changeLine = (verb: string, c: KeyChange) =>
  `  ${verb.padEnd(9)} ${c.list === 'keys' ? 'key      ' : 'Rekor key'} ${c.kid} (valid from ${c.validFrom}` +
  `${c.retiredAt === null ? '' : `, retired at ${c.retiredAt}`})`;

function human(summary: TrustUpdateSummary, url: string): string {
  const lines = [
    `trust bundle "${summary.from.name}" ${summary.from.dir} (digest ${summary.from.digest})`,
    `against ${url}/v1/pubkey: signing key ${summary.current.kid}` +
      (summary.current.rekorKid === null ? '' : `, Rekor key ${summary.current.rekorKid}`),
    ...summary.added.map((c) => changeLine('added', c)),
    ...summary.retired.map((c) => changeLine('retired', c)),
    `  unchanged ${summary.unchanged.map((u) => u.kid).join(', ') || '(none)'}`,
  ];
  if (summary.written === null) {
    lines.push('the bundle already lists every published key: nothing written');
  } else {
    lines.push(
      `${summary.written.existed ? 'the updated bundle is already there' : 'new bundle written'}: ${summary.written.dir}`,
      `digest ${summary.written.digest}`,
      `close again with --trust ${summary.written.dir} (the old bundle is unchanged)`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const changeJson = (c: KeyChange) => ({ list: c.list, kid: c.kid, valid_from: c.validFrom, retired_at: c.retiredAt });

/**
 * `proveit trust update` (docs/trust-bundle.md "Updating a bundle"): a close refused with CLOSE_TRUST_KEY_UNKNOWN is
 * stale trust material; this fetches the Trust Layer's published key history and writes a new bundle that lists it.
 * Exit 0 written or already up to date, 1 refused (nothing written), 2 usage.
 */
export const trustUpdateCommand: Command = {
  path: ['trust', 'update'],
  summary:
    "fetch the Trust Layer's published key history (/v1/pubkey), show what changes against a trust bundle, and " +
    'write an updated bundle into a new folder',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, trustUpdateCommand, parsed.message);
    const { values } = parsed;
    const url = values['trust-layer'];
    const json = values.json ?? false;
    const timeoutS = values.timeout === undefined ? TRUST_UPDATE_DEADLINE_MS / 1000 : Number(values.timeout);
    if (!(timeoutS > 0) || !Number.isFinite(timeoutS)) {
      return usageError(
        io,
        trustUpdateCommand,
        `--timeout '${values.timeout}' is not a number of seconds > 0, e.g. --timeout 30`,
      );
    }
    const deadlineMs = Math.round(timeoutS * 1000);
    const http = createHttpClient({ timeoutMs: deadlineMs, deadlineMs, maxBodyBytes: 1_048_576 });
    try {
      const result = await updateTrustBundle({
        http,
        trustLayerUrl: url,
        trustDir: values.trust ?? PRODUCTION_BUNDLE_DIR,
        ...(values.out === undefined ? {} : { outDir: values.out }),
      });
      if (!result.ok) {
        printRefusal(io, json, 'trust update', result.error);
        return EXIT.failed;
      }
      const summary = result.value;
      if (json) {
        printJson(io, {
          ok: true,
          trust_layer: url,
          from: summary.from,
          current: { kid: summary.current.kid, rekor_kid: summary.current.rekorKid },
          added: summary.added.map(changeJson),
          retired: summary.retired.map(changeJson),
          unchanged: summary.unchanged,
          written: summary.written,
        });
      } else io.out(human(summary, url.replace(/\/+$/, '')));
      return EXIT.ok;
    } finally {
      await http.close();
    }
  },
};
