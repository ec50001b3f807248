import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The nginx site of deploy/ (deploy/nginx/proveit-season.conf), as an operator installs it. */
export const SITE_FILE = fileURLToPath(new URL('../../../deploy/nginx/proveit-season.conf', import.meta.url));

export const siteText = (): string => readFileSync(SITE_FILE, 'utf8');

/** One directive: its name, its arguments (quotes removed), and the blocks it sits in, outermost first. */
export interface Directive {
  name: string;
  args: string[];
  /** Each enclosing block as written: `server`, `location ~ ^/v1/...`, `upstream proveit_season`. */
  within: string[];
  /** Those blocks' numbers, in the order they open in the text: two `server` blocks are told apart by them. */
  blocks: number[];
}

/**
 * The directives of an nginx configuration text: enough of nginx's grammar for a site file (words, single- or
 * double-quoted strings, `#` comments, `;` and blocks), so a test can read the values the service must agree with.
 */
export function directives(text: string): Directive[] {
  const words: string[] = [];
  const token = /\s+|#[^\n]*|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([{};])|([^\s{};'"#]+)/gy;
  for (let at = 0; at < text.length; at = token.lastIndex) {
    token.lastIndex = at;
    const match = token.exec(text);
    if (!match) throw new Error(`nginx text not read past offset ${at}`);
    const quoted = match[1] ?? match[2];
    // In a quoted string nginx reads `\n`, `\r`, `\t` as those characters and `\x` as x.
    const unescaped = quoted?.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
    const word = unescaped ?? match[3] ?? match[4];
    if (word !== undefined) words.push(word);
  }
  const found: Directive[] = [];
  const within: string[] = [];
  const blocks: number[] = [];
  let opened = 0;
  let current: string[] = [];
  for (const word of words) {
    if (word === '{') {
      within.push(current.join(' '));
      blocks.push(opened++);
      current = [];
    } else if (word === '}') {
      within.pop();
      blocks.pop();
    } else if (word === ';') {
      found.push({ name: current[0]!, args: current.slice(1), within: [...within], blocks: [...blocks] });
      current = [];
    } else current.push(word);
  }
  return found;
}

/** An nginx size (`1m`, `8k`, `512`) in bytes. */
export function sizeBytes(value: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(value);
  if (!match) throw new Error(`not an nginx size: ${value}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * unit;
}

/** An nginx time (`10s`, `500ms`, `1m`) in milliseconds. */
export function timeMs(value: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
}

/** Where the test's nginx listens and what it proxies to. */
export interface SitePlaces {
  httpsPort: number;
  httpPort: number;
  certificate: string;
  certificateKey: string;
  servicePort: number;
}

/**
 * The deploy site with its production places swapped for the test's: loopback ports, a throwaway certificate, the
 * service's port. Every limit, header and location stays as written. A place not found exactly once fails, so the
 * site cannot drift from what the test runs.
 */
export function siteForTest(places: SitePlaces): string {
  const swaps: [string, string][] = [
    ['    listen 443 ssl;\n', `    listen 127.0.0.1:${places.httpsPort} ssl;\n`],
    ['    listen [::]:443 ssl;\n', ''],
    ['    listen 80;\n', `    listen 127.0.0.1:${places.httpPort};\n`],
    ['    listen [::]:80;\n', ''],
    ['/etc/letsencrypt/live/proveit.arkforge.tech/fullchain.pem', places.certificate],
    ['/etc/letsencrypt/live/proveit.arkforge.tech/privkey.pem', places.certificateKey],
    ['    server 127.0.0.1:8080;\n', `    server 127.0.0.1:${places.servicePort};\n`],
  ];
  let text = siteText();
  for (const [from, to] of swaps) {
    const count = text.split(from).length - 1;
    if (count !== 1)
      throw new Error(`deploy/nginx/proveit-season.conf holds '${from.trim()}' ${count} times, not once`);
    text = text.replace(from, to);
  }
  return text;
}

/**
 * A whole nginx.conf around the site, for nginx run as the test's user with `-p prefix`: its workers as that user too
 * (started as root, nginx would give them to `nobody`, who cannot write the prefix), its temporary files under the
 * prefix (Debian's are under /var/lib/nginx, root's), errors on stderr, no access log.
 */
export function nginxConfForTest(siteFile: string): string {
  return [
    `user ${userInfo().username};`,
    'worker_processes 1;',
    'error_log stderr info;',
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path temp/${kind};`),
    `  include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}
