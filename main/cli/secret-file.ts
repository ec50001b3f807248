import { readFile } from 'node:fs/promises';

/**
 * Reads a secret (an API key, a token) kept alone on one line of a file: secrets are never passed as arguments,
 * which other users of the machine can read in the process list. The secret is never part of the problem text.
 */
export async function readSecretFile(path: string, what: string, minLength = 1): Promise<string | { problem: string }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return {
      problem: `cannot read the ${what} file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    };
  }
  const secret = text.trim();
  if (secret === '' || /\s/.test(secret))
    return { problem: `the ${what} file ${path} must hold the ${what} alone on one line` };
  if (secret.length < minLength) {
    return {
      problem: `the ${what} in ${path} is ${secret.length} characters; use at least ${minLength} random characters`,
    };
  }
  return secret;
}
