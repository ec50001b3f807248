import { fail, ok, type Result } from '../result.ts';
import { newPyObject, type PyJson } from '../json/value.ts';

// TEMPORARY: stands in for main/core/json loads() until it is exported; replaced before this work is finished.
// Python json.loads semantics that matter for proofs: ints stay ints (bigint), floats stay floats, last key wins.
export function loads(input: string | Uint8Array): Result<PyJson, 'JSON_SYNTAX'> {
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: false }).decode(input);
  let at = 0;
  const ws = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at++;
  };
  const value = (): PyJson => {
    ws();
    const c = text[at];
    if (c === '{') {
      at++;
      const obj = newPyObject();
      ws();
      if (text[at] === '}') return (at++, obj);
      for (;;) {
        ws();
        const key = str();
        ws();
        if (text[at++] !== ':') throw new SyntaxError(`':' expected at ${at - 1}`);
        obj[key] = value();
        ws();
        const sep = text[at++];
        if (sep === '}') return obj;
        if (sep !== ',') throw new SyntaxError(`',' or '}' expected at ${at - 1}`);
      }
    }
    if (c === '[') {
      at++;
      const arr: PyJson[] = [];
      ws();
      if (text[at] === ']') return (at++, arr);
      for (;;) {
        arr.push(value());
        ws();
        const sep = text[at++];
        if (sep === ']') return arr;
        if (sep !== ',') throw new SyntaxError(`',' or ']' expected at ${at - 1}`);
      }
    }
    if (c === '"') return str();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
      ['NaN', NaN],
      ['Infinity', Infinity],
      ['-Infinity', -Infinity],
    ] as const) {
      if (text.startsWith(word, at)) return ((at += word.length), v);
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!m) throw new SyntaxError(`value expected at ${at}`);
    at += m[0].length;
    return m[2] || m[3] ? Number(m[0]) : BigInt(m[0]);
  };
  const str = (): string => {
    if (text[at] !== '"') throw new SyntaxError(`string expected at ${at}`);
    at++;
    let out = '';
    for (;;) {
      const c = text[at++];
      if (c === undefined) throw new SyntaxError('unterminated string');
      if (c === '"') return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = text[at++];
      if (e === 'u') {
        out += String.fromCharCode(parseInt(text.slice(at, at + 4), 16));
        at += 4;
      } else
        out +=
          ({ '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[
            e as string
          ] ?? '';
    }
  };
  try {
    const result = value();
    ws();
    if (at !== text.length) throw new SyntaxError(`extra data at ${at}`);
    return ok(result);
  } catch (error) {
    return fail('JSON_SYNTAX', (error as Error).message);
  }
}
