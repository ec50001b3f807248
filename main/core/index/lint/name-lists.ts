/**
 * The shipped lists the publication linter uses (spec §7.3). Configurable: `proveit index export --names FILE`
 * replaces the model and provider list (one name per line, `#` starts a comment), and reference runs add their own
 * model name. Matching is case-insensitive on word boundaries, so "Mistral" matches "mistral-large" but "Metaphor"
 * does not match "Meta".
 */
export const DEFAULT_MODEL_AND_PROVIDER_NAMES: readonly string[] = [
  'Anthropic',
  'Claude',
  'Sonnet',
  'Opus',
  'Haiku',
  'OpenAI',
  'ChatGPT',
  'GPT',
  'o1',
  'o3',
  'o4-mini',
  'Codex',
  'Google',
  'DeepMind',
  'Gemini',
  'Gemma',
  'Bard',
  'Meta',
  'Llama',
  'Mistral',
  'Mixtral',
  'Codestral',
  'Le Chat',
  'xAI',
  'Grok',
  'DeepSeek',
  'Qwen',
  'Alibaba',
  'Cohere',
  'Microsoft',
  'Copilot',
  'Phi-3',
  'Phi-4',
  'Amazon',
  'Nova',
  'Perplexity',
  'Moonshot',
  'Kimi',
  'Zhipu',
  'GLM',
  'Yi',
  'AI21',
  'Jamba',
  'Inflection',
];

/** Words that read as humour on a result (spec §7.3: none on a named negative result); configurable like the names. */
export const DEFAULT_HUMOUR_MARKERS: readonly string[] = [
  'lol',
  'lmao',
  'rofl',
  'haha',
  'hihi',
  'mdr',
  'ptdr',
  'oops',
  'oups',
  'epic fail',
  'wtf',
];

/** Parses a name list file: one name per line, blank lines and `#` comments ignored. */
export function parseNameList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l !== '');
}
