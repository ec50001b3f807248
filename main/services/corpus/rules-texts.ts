import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The published scoring-rules sections a generated season copies (corpus/rules/<version>.md in this repository).
 * The generator is pure, so the text is read here and passed in.
 */
export async function readRulesText(rulesVersion: string): Promise<string> {
  const url = new URL(`../../../corpus/rules/${rulesVersion}.md`, import.meta.url);
  return readFile(fileURLToPath(url), 'utf8');
}
