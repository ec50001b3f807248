import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The season service's systemd unit of deploy/. */
export const UNIT_FILE = fileURLToPath(new URL('../../../deploy/proveit-season.service', import.meta.url));

/**
 * The unit's `[Service]` settings, each key with every value given (systemd.syntax(7): `#` comments, a line ending in
 * a backslash goes on with the next).
 */
export function serviceSettings(text = readFileSync(UNIT_FILE, 'utf8')): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(trimmed);
    if (header) {
      section = header[1]!;
      continue;
    }
    if (section !== 'Service') continue;
    const equals = trimmed.indexOf('=');
    const key = trimmed.slice(0, equals);
    settings.set(key, [...(settings.get(key) ?? []), trimmed.slice(equals + 1).replace(/\s+/g, ' ')]);
  }
  return settings;
}
