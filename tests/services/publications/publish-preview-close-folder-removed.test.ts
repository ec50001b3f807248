import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { previewPublication } from '../../../main/services/publications/preview-publication.ts';
import { databaseRows } from '../support/database-rows.ts';
import { recordedClose } from './support/recorded-close.ts';

// The preview before publishing (docs/publications.md) reads the close's output folder; with that folder gone it is
// refused with the code publishing would give, naming the folder and what to do, and writes nothing.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('publish.preview', () => {
  it('a preview of a close whose files are in place answers version 1 with the scored participant', async () => {
    const close = recordedClose();
    dirs.push(close.dir);
    const preview = await previewPublication(close.db, { season: 1, track: 'conformite' });
    expect(preview.ok && preview.value.changes.map((c) => c.participantId)).toEqual(['p1']);
    close.db.close();
  });

  it('close folder removed under publish.preview: refused PUBLISH_CLOSE_FILES_MISSING naming the folder and what to do, nothing written', async () => {
    const close = recordedClose();
    dirs.push(close.dir);
    const before = databaseRows(close.db);
    rmSync(close.out, { recursive: true });

    const preview = await previewPublication(close.db, { season: 1, track: 'conformite' });

    expect(preview).toMatchObject({
      ok: false,
      error: { code: 'PUBLISH_CLOSE_FILES_MISSING', details: { folder: close.out } },
    });
    const message = preview.ok ? '' : preview.error.message;
    expect(message).toContain(close.out);
    expect(message).toMatch(/restore the folder from a backup, or run the close again/);
    expect(databaseRows(close.db)).toEqual(before);
    close.db.close();
  });
});
