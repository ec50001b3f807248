import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParticipantRenameCommand } from '../../main/cli/participant-commands.ts';
import { auditRows } from '../../main/db/audit-log.ts';
import { declaredStacksOf, displayNamesOf } from '../../main/db/index-exports.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import type { Clock } from '../../main/services/clock.ts';
import { captureIo } from '../support/capture-io.ts';
import { tempFolder } from '../db/support/temp-db.ts';

// Issue 36 item 5: the names the Index shows, as the operator sets them (`proveit participant rename`, the console's
// participant.rename through the same showParticipant): stored trimmed and in NFC; a format or control character is
// PARTICIPANT_DISPLAY_NAME_INVALID as before, an invisible character or a pile of combining marks a code of its own,
// each naming the character and where it is (docs/index-export.md "The text of a name").
const folder = tempFolder('proveit-participant-');
const dbFile = folder.file('operator.sqlite');
const clock: Clock = { now: () => Date.parse('2026-11-03T09:00:00.000Z'), sleep: async () => {} };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command outputs are checked field by field
type Json = Record<string, any>;

beforeAll(() => {
  openDatabase(dbFile).close();
  // A published version listing the participant, as season publish records it (its close row is not needed here).
  const raw = new Database(dbFile);
  try {
    raw.pragma('foreign_keys = OFF');
    raw
      .prepare(
        `INSERT INTO publication_versions (season, track, version, corrects_version, published_at_ms, actor, close_id,
           scores_json, scores_sha256, bundle_digests_json, correction_json, audit_seq, audit_hash)
         VALUES (1, 'conformite', 1, NULL, 0, 'ann', 1, ?, ?, x'7b7d', NULL, 1, ?)`,
      )
      .run(Buffer.from('{"participants":[{"participant_id":"p-1"}]}'), '0'.repeat(64), '0'.repeat(64));
  } finally {
    raw.close();
  }
});
afterAll(() => folder.remove());

async function rename(flag: '--display-name' | '--declared-stack', text: string) {
  const io = captureIo();
  const args = ['--season', '1', '--participant', 'p-1', flag, text, '--db', dbFile, '--actor', 'ann', '--json'];
  const code = await createParticipantRenameCommand(clock).run(args, io);
  return { code, doc: JSON.parse(io.stdout) as Json };
}

/** What the database holds of the participant's names and the audit entries, to show a refusal recorded nothing. */
function recorded() {
  const db = openDatabase(dbFile, { readOnly: true });
  try {
    return {
      names: [...displayNamesOf(db, 1)],
      stacks: [...declaredStacksOf(db, 1)],
      audit: auditRows(db).length,
    };
  } finally {
    db.close();
  }
}

describe('proveit participant rename: the text of a display name or a declared stack', () => {
  it('a display name holding U+0600 ARABIC NUMBER SIGN is PARTICIPANT_DISPLAY_NAME_INVALID naming it and its position; nothing recorded', async () => {
    const before = recorded();
    const r = await rename('--display-name', 'Agent\u0600 A');
    expect([r.code, r.doc['code']]).toEqual([1, 'PARTICIPANT_DISPLAY_NAME_INVALID']);
    expect(r.doc['message']).toContain('--display-name holds the format character U+0600 at character 6');
    expect(r.doc['details']).toEqual({ length: 8, code_point: 'U+0600', position: 6 });
    expect(recorded()).toEqual(before);
  });

  it('"Reference run" with U+034F after "Ref" is PARTICIPANT_DISPLAY_NAME_INVISIBLE_CHARACTER; in a stack, PARTICIPANT_DECLARED_STACK_INVISIBLE_CHARACTER; nothing recorded', async () => {
    const before = recorded();
    const named = await rename('--display-name', 'Ref\u034Ference run');
    expect([named.code, named.doc['code'], named.doc['details']]).toEqual([
      1,
      'PARTICIPANT_DISPLAY_NAME_INVISIBLE_CHARACTER',
      { length: 14, code_point: 'U+034F', position: 4 },
    ]);
    expect(named.doc['message']).toBe(
      '--display-name holds the invisible character U+034F at character 4, which prints as nothing: remove it',
    );
    const stacked = await rename('--declared-stack', 'a harness\u{E0100}');
    expect(stacked.doc['code']).toBe('PARTICIPANT_DECLARED_STACK_INVISIBLE_CHARACTER');
    expect(recorded()).toEqual(before);
  });

  it('stacked combining marks are PARTICIPANT_DISPLAY_NAME_COMBINING_STACK / PARTICIPANT_DECLARED_STACK_COMBINING_STACK naming the marks; nothing recorded', async () => {
    const before = recorded();
    const named = await rename('--display-name', 'Z\u0300\u0301\u0302\u0303');
    expect([named.code, named.doc['code'], named.doc['details']]).toEqual([
      1,
      'PARTICIPANT_DISPLAY_NAME_COMBINING_STACK',
      { length: 5, code_point: 'U+005A', position: 1, marks: ['U+0300', 'U+0301', 'U+0302', 'U+0303'] },
    ]);
    expect((await rename('--declared-stack', 'a\u0300\u0301\u0302\u0303 harness')).doc['code']).toBe(
      'PARTICIPANT_DECLARED_STACK_COMBINING_STACK',
    );
    expect(recorded()).toEqual(before);
  });

  it('a display name and a stack typed in NFD are stored in NFC: "Équipe Zoë", "un agent de Müller"', async () => {
    const named = await rename('--display-name', ' E\u0301quipe Zoe\u0308 ');
    expect([named.code, named.doc['display_name']]).toEqual([0, 'Équipe Zoë']);
    const stacked = await rename('--declared-stack', 'un agent de Mu\u0308ller');
    expect([stacked.code, stacked.doc['declared_stack']]).toEqual([0, 'un agent de Müller']);
    const now = recorded();
    expect(now.names).toEqual([['p-1', 'Équipe Zoë']]);
    expect(now.stacks).toEqual([['p-1', 'un agent de Müller']]);
  });

  it('legitimate accented names are accepted as typed: "Müller", "Nguyễn Thị Ánh"', async () => {
    for (const name of ['Müller', 'Nguyễn Thị Ánh']) {
      const r = await rename('--display-name', name);
      expect([r.code, r.doc['display_name']], name).toEqual([0, name]);
    }
  });
});
