import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WaitingParticipant } from '../../ipc/contract.ts';
import { latestSeasonCloses } from '../../db/publications.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { namesByTrack } from './scores-handlers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- scores.json and reports are read as the scorer wrote them
type Json = Record<string, any>;

/** A participant id as a file name under reports/: never a path (ids come from the close's own scores.json). */
const SAFE_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

async function readJson(file: string): Promise<Json | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Json;
  } catch {
    return null;
  }
}

/**
 * Who waits on each pending proof: the participants the latest close of each track left `pending` (spec §4.1: a
 * task citing a pending proof is pending), read from that close's reports, where the assertion's proof has the
 * outcome `pending`. The proof read cache does not know who cited a proof; the close does. A close folder that
 * cannot be read names nobody: this is a convenience beside the proof id, never a reason to refuse the screen.
 */
export async function participantsWaiting(
  ctx: ConsoleContext,
  pendingIds: ReadonlySet<string>,
): Promise<Map<string, WaitingParticipant[]>> {
  const waiting = new Map<string, WaitingParticipant[]>();
  if (pendingIds.size === 0) return waiting;
  const closes = latestSeasonCloses(dbOf(ctx));
  const namesOf = namesByTrack(ctx);
  for (const close of closes) {
    const scores = await readJson(join(close.outDir, 'scores.json'));
    const pendingParticipants = Array.isArray(scores?.participants)
      ? (scores.participants as Json[]).filter((p) => p.status === 'pending' && SAFE_ID.test(String(p.participant_id)))
      : [];
    if (pendingParticipants.length === 0) continue;
    const names = await namesOf(close);
    for (const p of pendingParticipants) {
      const id = String(p.participant_id);
      const report = await readJson(join(close.outDir, 'reports', `${id}.json`));
      const cited = new Set<string>();
      for (const assertion of Array.isArray(report?.assertions) ? (report.assertions as Json[]) : []) {
        if (assertion.status !== 'pending' || !Array.isArray(assertion.proofs)) continue;
        for (const outcome of assertion.proofs as Json[]) {
          if (outcome.outcome === 'pending' && pendingIds.has(outcome.proof_id)) cited.add(outcome.proof_id);
        }
      }
      for (const proofId of cited) {
        const list = waiting.get(proofId) ?? [];
        list.push({ season: close.season, track: close.track, participant_id: id, name: names.get(id) ?? null });
        waiting.set(proofId, list);
      }
    }
  }
  return waiting;
}
