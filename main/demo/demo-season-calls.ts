import type { Devnet } from '../../devnet/start-devnet.ts';
import { DEFAULT_DEADLINE_MS, type HttpClient } from '../services/http/http-client.ts';

/** A participant's POST to the devnet's season service (enroll, submit), its answer as status and JSON. */
export async function seasonCall(
  devnet: Devnet,
  season: number,
  path: string,
  headers: Record<string, string>,
  body: string,
) {
  // Node's fetch has idle timeouts only: the whole answer within 60 s, as every call through the HTTP client (issue 36).
  const answer = await fetch(`${devnet.info.season}/v1/season/${season}/${path}`, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(DEFAULT_DEADLINE_MS),
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

/** The operator's export of the season (docs/season-service.md), read from the devnet's season service. */
export async function readExport(http: HttpClient, devnet: Devnet, season: number): Promise<Uint8Array> {
  const answer = await http.request({
    method: 'GET',
    url: `${devnet.info.season}/v1/season/${season}/export`,
    headers: { authorization: `Bearer ${devnet.info.internal_secret}`, accept: 'application/x-ndjson' },
  });
  if (!answer.ok || answer.value.status !== 200) throw new Error('the devnet season service did not give its export');
  return answer.value.body;
}
