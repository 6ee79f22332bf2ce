import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, csvStream } from './csv';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

async function* rows(n: number) {
  for (let i = 0; i < n; i += 1) yield [i, `行${i}`];
}

describe('the CSV writer', () => {
  it('quotes commas, quotes and line breaks (RFC 4180), leaves plain cells alone', () => {
    expect(csvCell('plain 文本')).toBe('plain 文本');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ a: 1, b: 'x,y' })).toBe('"{""a"":1,""b"":""x,y""}"');
    expect(csvLine([1, 'a,b', null])).toBe('1,"a,b",\r\n');
  });

  it('guards formulas: a cell starting with = + - @ (or a tab) is shown, not run', () => {
    expect(csvCell('=HYPERLINK("http://evil","点我")')).toBe(
      `"'=HYPERLINK(""http://evil"",""点我"")"`,
    );
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    // A plain number stays a number (GGR may be negative).
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
  });

  it('starts with the UTF-8 BOM and the header, streams the rows, stops at the cap', async () => {
    const out = await text(csvStream(['序号', '名称'], rows(10), 3));
    expect(out.startsWith(CSV_BOM)).toBe(true);
    expect(out.slice(1).split('\r\n')).toEqual(['序号,名称', '0,行0', '1,行1', '2,行2', '']);
  });
});
