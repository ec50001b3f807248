/**
 * Finds, in the bytes of a POST /v1/proofs answer (`{"proofs": {id: view | null}}`, trust-layer-reference §7), where
 * each view starts and ends, so the store keeps every view exactly as served rather than a re-encoding.
 * It only locates; the values themselves are parsed with loads(). JSON's structural characters are ASCII and never
 * occur inside a UTF-8 multi-byte sequence, so scanning bytes is exact for the UTF-8 the Trust Layer serves.
 * A repeated key keeps its last occurrence, as Python's json.loads does.
 */
export interface Span {
  start: number;
  end: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

class Scanner {
  at: number;
  constructor(readonly bytes: Uint8Array) {
    // json.loads(bytes) accepts a UTF-8 byte order mark (json.detect_encoding gives "utf-8-sig").
    this.at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  }
  space(): void {
    while (isSpace(this.bytes[this.at])) this.at++;
  }
  expect(byte: number): boolean {
    this.space();
    if (this.bytes[this.at] !== byte) return false;
    this.at++;
    return true;
  }
  /** Skips a string token; returns its decoded text, or null if malformed. */
  string(): string | null {
    this.space();
    const start = this.at;
    if (this.bytes[this.at] !== QUOTE) return null;
    this.at++;
    while (this.at < this.bytes.length) {
      const byte = this.bytes[this.at]!;
      if (byte === BACKSLASH) this.at += 2;
      else if (byte === QUOTE) {
        this.at++;
        try {
          return JSON.parse(new TextDecoder().decode(this.bytes.subarray(start, this.at))) as string;
        } catch {
          return null;
        }
      } else this.at++;
    }
    return null;
  }
  /** Skips any value; returns its span, or null if the brackets do not balance. */
  value(): Span | null {
    this.space();
    const start = this.at;
    const first = this.bytes[this.at];
    if (first === undefined) return null;
    if (first === QUOTE) return this.string() === null ? null : { start, end: this.at };
    if (first === 0x7b || first === 0x5b) {
      const stack: number[] = [];
      while (this.at < this.bytes.length) {
        const byte = this.bytes[this.at]!;
        if (byte === QUOTE) {
          if (this.string() === null) return null;
          continue;
        }
        if (byte === 0x7b) stack.push(0x7d);
        else if (byte === 0x5b) stack.push(0x5d);
        else if (byte === 0x7d || byte === 0x5d) {
          if (stack.pop() !== byte) return null;
          if (stack.length === 0) {
            this.at++;
            return { start, end: this.at };
          }
        }
        this.at++;
      }
      return null;
    }
    // A number or a literal (null, true, false, NaN, Infinity): runs to the next delimiter.
    while (this.at < this.bytes.length) {
      const byte = this.bytes[this.at]!;
      if (byte === 0x2c || byte === 0x7d || byte === 0x5d || isSpace(byte)) break;
      this.at++;
    }
    return this.at > start ? { start, end: this.at } : null;
  }
  /** Walks an object's members, calling `onMember` with each key and the span of its value. */
  members(onMember: (key: string, span: Span) => boolean): boolean {
    if (!this.expect(0x7b)) return false;
    this.space();
    if (this.bytes[this.at] === 0x7d) {
      this.at++;
      return true;
    }
    for (;;) {
      const key = this.string();
      if (key === null || !this.expect(0x3a)) return false;
      const span = this.value();
      if (span === null || !onMember(key, span)) return false;
      if (this.expect(0x7d)) return true;
      if (!this.expect(0x2c)) return false;
    }
  }
}

/** The span of each member of the answer's `proofs` object, or null when the bytes do not have that shape. */
export function proofsMemberSpans(body: Uint8Array): Map<string, Span> | null {
  const top = new Scanner(body);
  const found: { proofs?: Span } = {};
  const shaped = top.members((key, span) => {
    if (key === 'proofs') found.proofs = span;
    return true;
  });
  if (!shaped || !found.proofs) return null;
  const inner = new Scanner(body.subarray(0, found.proofs.end));
  inner.at = found.proofs.start;
  const spans = new Map<string, Span>();
  const membersShaped = inner.members((key, span) => {
    spans.set(key, span);
    return true;
  });
  return membersShaped ? spans : null;
}
