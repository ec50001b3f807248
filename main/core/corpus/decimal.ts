/**
 * Amounts and quantities are strings in the corpus (no numbers: spec §2.5). The generic track compares them as exact
 * decimals: "189.00", "40", "7" parse to hundredths as bigint, so no float rounding enters a verdict.
 */
const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Hundredths of a non-negative decimal string, or undefined when the text is not such a decimal. */
export function parseHundredths(text: string): bigint | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const whole = BigInt(match[1] as string);
  const fraction = BigInt((match[2] ?? '').padEnd(2, '0'));
  return whole * 100n + fraction;
}

/** Writes hundredths as "1234.50". */
export function formatHundredths(value: bigint): string {
  const whole = value / 100n;
  const fraction = (value % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}
