import { readBoundedText } from '../services/files/read-bounded.ts';

/**
 * Reads a secret (an API key, a token) kept alone on one line of a file: secrets are never passed as arguments,
 * which other users of the machine can read in the process list. The secret is never part of the problem text.
 */
export async function readSecretFile(path: string, what: string, minLength = 1): Promise<string | { problem: string }> {
  // Bounded (main/services/files/read-bounded.ts): a secret is one line, and /dev/zero is never read.
  const read = await readBoundedText(path, { what: `the ${what} file`, kind: 'secret' });
  if (!read.ok) {
    const errno = read.error.details?.['errno'];
    return {
      problem:
        read.error.code === 'FILE_UNREADABLE'
          ? `cannot read the ${what} file ${path}: ${typeof errno === 'string' ? errno : read.error.message}`
          : `${read.error.code}: ${read.error.message}`,
    };
  }
  const secret = read.value.trim();
  if (secret === '' || /\s/.test(secret))
    return { problem: `the ${what} file ${path} must hold the ${what} alone on one line` };
  if (secret.length < minLength) {
    return {
      problem: `the ${what} in ${path} is ${secret.length} characters; use at least ${minLength} random characters`,
    };
  }
  return secret;
}
