import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, type Result } from '../../core/result.ts';
import { parseTrustBundle, type BundleCode, type TrustBundle } from '../../core/trust/bundle.ts';

/** Where Debian (and most Linux distributions) keep the system CA bundle that `"roots": "system"` refers to. */
export const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

async function readOptional(path: string): Promise<Uint8Array | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * Reads a bundle folder (its regular files, not sub-folders) and the system CA bundle, then parses them.
 * A folder that cannot be read is reported as BUNDLE_INDEX_MISSING, the same as a folder without bundle.json.
 */
export async function loadTrustBundle(
  dir: string,
  systemCaPath: string = SYSTEM_CA_BUNDLE,
): Promise<Result<TrustBundle, BundleCode>> {
  let names: string[];
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    return fail('BUNDLE_INDEX_MISSING', `cannot read the trust bundle folder ${dir}: ${(error as Error).message}`);
  }
  const files = new Map<string, Uint8Array>();
  for (const name of names) files.set(name, await readFile(join(dir, name)));
  return parseTrustBundle({ files, systemRoots: await readOptional(systemCaPath) });
}
