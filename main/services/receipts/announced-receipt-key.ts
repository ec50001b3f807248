import { fail, ok, type Result } from '../../core/result.ts';
import { createHttpClient } from '../http/http-client.ts';

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The receipt key a season service announces at `GET {url}/v1/season/{n}` (`receipt_public_key`, the raw 32-byte
 * Ed25519 key in lowercase hex; docs/season-service.md). Public: no token is sent. What signs its receipts and its
 * export: `season receipt verify` checks a receipt with it, and a close its export when the operator pinned none.
 * `howToGiveKey` is the caller's advice for giving the key by hand (its own option).
 */
export async function announcedReceiptKey(
  seasonUrl: string,
  season: number,
  howToGiveKey: string,
): Promise<Result<string, 'RECEIPT_KEY_UNAVAILABLE'>> {
  const url = `${seasonUrl.replace(/\/+$/, '')}/v1/season/${season}`;
  // A few hundred bytes: the whole answer within 30 s, or the service is not answering (issue 36: no call without one).
  const http = createHttpClient({ maxBodyBytes: 65_536, timeoutMs: 30_000, deadlineMs: 30_000 });
  try {
    const answer = await http.request({ method: 'GET', url });
    if (!answer.ok) {
      return fail('RECEIPT_KEY_UNAVAILABLE', `GET ${url}: ${answer.error.message}; ${howToGiveKey}`, {
        cause: answer.error.code,
      });
    }
    let key: unknown;
    try {
      key = (JSON.parse(Buffer.from(answer.value.body).toString('utf8')) as { receipt_public_key?: unknown })
        .receipt_public_key;
    } catch {
      key = undefined;
    }
    if (answer.value.status !== 200 || typeof key !== 'string' || !HEX64.test(key)) {
      return fail(
        'RECEIPT_KEY_UNAVAILABLE',
        `GET ${url} answered ${answer.value.status} without a receipt_public_key of 64 hex digits; ` +
          `check the season service URL; ${howToGiveKey}`,
        { status: answer.value.status },
      );
    }
    return ok(key);
  } finally {
    await http.close();
  }
}
