import { fail, ok, type Result } from '../../core/result.ts';
import { createHttpClient } from '../http/http-client.ts';

/** The season service's export can be large: every submission in force of a season. */
const EXPORT_MAX_BYTES = 512 * 1024 * 1024;
/**
 * The whole export must arrive within this: ten minutes carry the largest one allowed at under 1 MB/s, and a service
 * that trickles it stops holding the close then (issue 36), CLOSE_EXPORT_UNREACHABLE naming the deadline.
 */
const EXPORT_DEADLINE_MS = 600_000;

/**
 * `GET {season service}/v1/season/{n}/export` with the operator token (docs/season-service.md, "Export"): the NDJSON
 * the first close of a track scores. What `proveit season close --season-url --operator-token-file` and the console's
 * first close read. The token goes in the Authorization header only, never in a message.
 */
export async function readSeasonExport(seasonUrl: string, season: number, token: string): Promise<Result<Uint8Array>> {
  const url = `${seasonUrl.replace(/\/+$/, '')}/v1/season/${season}/export`;
  const http = createHttpClient({ maxBodyBytes: EXPORT_MAX_BYTES, timeoutMs: 120_000, deadlineMs: EXPORT_DEADLINE_MS });
  try {
    const answer = await http.request({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, accept: 'application/x-ndjson' },
    });
    if (!answer.ok)
      return fail(
        'CLOSE_EXPORT_UNREACHABLE',
        `GET ${url}: ${answer.error.message}; check the season service's address given with --season-url URL`,
        { cause: answer.error.code },
      );
    if (answer.value.status !== 200) {
      // Every caller takes the service and its token as --season-url and --operator-token-file: the refusal names
      // the one to correct (docs/console.md "Screens").
      const advice =
        answer.value.status === 401 || answer.value.status === 403
          ? 'check the token in --operator-token-file FILE (the season service operator token)'
          : "check that --season-url URL is the season service's base address";
      return fail(
        'CLOSE_EXPORT_REFUSED',
        `GET ${url}: the season service answered ${answer.value.status} (${Buffer.from(answer.value.body).toString('utf8').slice(0, 200)}); ${advice}`,
        { status: answer.value.status },
      );
    }
    return ok(answer.value.body);
  } finally {
    await http.close();
  }
}
