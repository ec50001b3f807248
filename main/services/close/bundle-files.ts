import { readFile } from 'node:fs/promises';
import { loads } from '../../core/json/loads.ts';
import type { PyJson } from '../../core/json/value.ts';
import { ok, type Failure, type Result } from '../../core/result.ts';
import { inBundle } from './bundle-layout.ts';

/** REPLAY_FILE_MISSING for a bundle file: `what` says how it is missing. */
export function fileMissing(file: string, what = `${file} is missing from the bundle`): Failure {
  return { code: 'REPLAY_FILE_MISSING', message: what, details: { file } };
}

export async function readBytes(bundleDir: string, relative: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(inBundle(bundleDir, relative)));
  } catch {
    return null;
  }
}

export async function readJson(
  bundleDir: string,
  relative: string,
): Promise<Result<{ bytes: Uint8Array; value: PyJson }>> {
  const bytes = await readBytes(bundleDir, relative);
  if (bytes === null) return { ok: false, error: fileMissing(relative) };
  const parsed = loads(bytes);
  if (!parsed.ok) {
    return {
      ok: false,
      error: {
        code: 'REPLAY_FILE_NOT_JSON',
        message: `${relative} is not JSON: ${parsed.error.message}`,
        details: { file: relative },
      },
    };
  }
  return ok({ bytes, value: parsed.value });
}
