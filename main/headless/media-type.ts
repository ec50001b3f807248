const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QUOTED = /^"(?:[^"\\]|\\.)*"$/;

/**
 * Whether a Content-Type header names JSON as the console reads it: the media type `application/json` exactly
 * (RFC 9110 §8.3.1: type and subtype case-insensitive, then `;`-separated `name=value` parameters), every parameter
 * well formed, and a charset, if any, UTF-8 (the body is decoded as UTF-8). `application/jsonx`,
 * `application/json-seq` or a malformed parameter list are not JSON.
 */
export function isJsonMediaType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [essence, ...parameters] = header.split(';');
  if ((essence ?? '').trim().toLowerCase() !== 'application/json') return false;
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (equals === -1) return false;
    const name = parameter.slice(0, equals).trim().toLowerCase();
    const value = parameter.slice(equals + 1).trim();
    if (!TOKEN.test(name) || !(TOKEN.test(value) || QUOTED.test(value))) return false;
    if (name === 'charset' && value.replace(/^"|"$/g, '').toLowerCase() !== 'utf-8') return false;
  }
  return true;
}
