import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

/**
 * Reads a file of the built renderer, refusing any path that leaves its folder. `decodedPath` is the target's path
 * already percent-decoded (request-target.ts refuses a malformed encoding before this runs).
 */
export async function readStaticFile(
  root: string,
  decodedPath: string,
): Promise<{ body: Buffer; type: string } | null> {
  const decoded = decodedPath === '/' ? '/index.html' : decodedPath;
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  const type = CONTENT_TYPES[extname(full)];
  if (!type) return null;
  try {
    return { body: await readFile(full), type };
  } catch {
    return null;
  }
}
