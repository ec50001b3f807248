import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportTrailerLine } from '../../main/core/season-export/signed-export.ts';
import { participantsOf } from '../../main/db/season-service/participants.ts';
import { submissionsInForceOf } from '../../main/db/season-service/submissions.ts';
import type { ServiceContext } from '../service-context.ts';
import { operatorAllowed } from './operator-auth.ts';

/**
 * The received text as one NDJSON value: intake accepted it as one UTF-8 JSON document with no control character
 * inside a string, so every CR and LF is whitespace between tokens and a space stands for it without changing the
 * document. The SHA-256 exported beside it is of the bytes exactly as received.
 */
function oneLine(body: Buffer): string {
  return body.toString('utf8').replace(/[\r\n]/g, ' ');
}

/**
 * GET /v1/season/{n}/export (docs/season-service.md "Endpoints (API)"): one line per submission in force (participant,
 * track, task), then one line with `"submission": null` for each participant with nothing submitted, then the signed
 * trailer (docs/season-service.md "Receipts"): when the export was taken, how many lines precede it and their SHA-256,
 * signed by the receipt key, so a line edited, added or removed afterwards is found. This file is what `season close`
 * scores. It is written in one synchronous pass, so no submission is recorded while it is taken: `taken_at` is the
 * instant of the whole snapshot.
 */
export function exportRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  if (!operatorAllowed(context, request, response)) return;
  // HEAD: the token checked, nothing read (the console's Connections test of --operator-token-file).
  if (request.method === 'HEAD')
    return response.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' }).end();
  const takenAt = context.now().toISOString();
  const digest = createHash('sha256');
  let lines = 0;
  const write = (line: string) => {
    const bytes = Buffer.from(line, 'utf8');
    digest.update(bytes);
    lines++;
    response.write(bytes);
  };
  // Format 2 (issue 39 item 6): names and stacks are not scored, so they travel apart from the submission lines,
  // under a digest of their own, and a replay bundle keeps the lines without them (docs/season-service.md "Export").
  const namesDigest = createHash('sha256');
  const names: Buffer[] = [];
  response.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' });
  for (const participant of participantsOf(context.db, context.material.season)) {
    const head =
      `{"participant_id":${JSON.stringify(participant.participantId)},` +
      `"enrolled_did":${JSON.stringify(participant.did)},`;
    names.push(
      Buffer.from(
        `{"enrollment":{"participant_id":${JSON.stringify(participant.participantId)},` +
          `"agent_name":${JSON.stringify(participant.agentName)},` +
          `"declared_stack":${JSON.stringify(participant.declaredStack)}}}\n`,
        'utf8',
      ),
    );
    const submissions = submissionsInForceOf(context.db, participant.participantId);
    if (submissions.length === 0) {
      write(`${head}"version":null,"received_at":null,"submission_sha256":null,"submission":null}\n`);
      continue;
    }
    for (const s of submissions) {
      write(
        `${head}"version":${s.version},"received_at":${JSON.stringify(s.receivedAt)},` +
          `"submission_sha256":${JSON.stringify(s.bodySha256)},"submission":${oneLine(s.body)}}\n`,
      );
    }
  }
  for (const line of names) {
    namesDigest.update(line);
    response.write(line);
  }
  const trailer = exportTrailerLine(
    {
      season: context.material.season,
      takenAt,
      publicKeyHex: context.receipts.publicKeyHex,
      lines,
      linesSha256: digest.digest('hex'),
      enrollments: { lines: names.length, sha256: namesDigest.digest('hex') },
    },
    (bytes) => context.receipts.sign(bytes),
  );
  response.end(trailer);
}
