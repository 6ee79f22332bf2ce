import { randomInt } from 'node:crypto';

/**
 * Server-drawn captcha: each character is a set of strokes (no <text>, so the SVG source does
 * not spell the answer), jittered, rotated and crossed by noise. Characters that read alike
 * (0/O, 1/I/L) are left out.
 */
type Stroke = [number, number][];
const GLYPHS: Record<string, Stroke[]> = {
  '2': [
    [
      [1, 3],
      [3, 1],
      [7, 1],
      [9, 3],
      [9, 6],
      [1, 13],
      [9, 13],
    ],
  ],
  '3': [
    [
      [1, 2],
      [8, 1],
      [9, 4],
      [5, 7],
      [9, 10],
      [8, 13],
      [1, 12],
    ],
  ],
  '4': [
    [
      [7, 13],
      [7, 1],
      [1, 9],
      [9, 9],
    ],
  ],
  '5': [
    [
      [9, 1],
      [2, 1],
      [1, 6],
      [7, 6],
      [9, 9],
      [7, 13],
      [1, 12],
    ],
  ],
  '6': [
    [
      [8, 1],
      [3, 3],
      [1, 8],
      [2, 12],
      [6, 13],
      [9, 10],
      [7, 7],
      [2, 8],
    ],
  ],
  '7': [
    [
      [1, 1],
      [9, 1],
      [4, 13],
    ],
  ],
  '8': [
    [
      [5, 7],
      [2, 4],
      [5, 1],
      [8, 4],
      [5, 7],
      [1, 10],
      [5, 13],
      [9, 10],
      [5, 7],
    ],
  ],
  '9': [
    [
      [8, 6],
      [3, 6],
      [1, 3],
      [4, 1],
      [8, 2],
      [8, 8],
      [6, 13],
      [2, 12],
    ],
  ],
  A: [
    [
      [1, 13],
      [5, 1],
      [9, 13],
    ],
    [
      [3, 8],
      [7, 8],
    ],
  ],
  C: [
    [
      [9, 2],
      [5, 1],
      [1, 5],
      [1, 9],
      [5, 13],
      [9, 12],
    ],
  ],
  E: [
    [
      [9, 1],
      [1, 1],
      [1, 13],
      [9, 13],
    ],
    [
      [1, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [9, 1],
      [1, 1],
      [1, 13],
    ],
    [
      [1, 7],
      [7, 7],
    ],
  ],
  H: [
    [
      [1, 1],
      [1, 13],
    ],
    [
      [9, 1],
      [9, 13],
    ],
    [
      [1, 7],
      [9, 7],
    ],
  ],
  K: [
    [
      [1, 1],
      [1, 13],
    ],
    [
      [9, 1],
      [1, 8],
    ],
    [
      [4, 6],
      [9, 13],
    ],
  ],
  M: [
    [
      [1, 13],
      [1, 1],
      [5, 8],
      [9, 1],
      [9, 13],
    ],
  ],
  N: [
    [
      [1, 13],
      [1, 1],
      [9, 13],
      [9, 1],
    ],
  ],
  P: [
    [
      [1, 13],
      [1, 1],
      [7, 1],
      [9, 4],
      [7, 7],
      [1, 7],
    ],
  ],
  R: [
    [
      [1, 13],
      [1, 1],
      [7, 1],
      [9, 4],
      [7, 7],
      [1, 7],
    ],
    [
      [5, 7],
      [9, 13],
    ],
  ],
  T: [
    [
      [1, 1],
      [9, 1],
    ],
    [
      [5, 1],
      [5, 13],
    ],
  ],
  W: [
    [
      [1, 1],
      [3, 13],
      [5, 5],
      [7, 13],
      [9, 1],
    ],
  ],
  X: [
    [
      [1, 1],
      [9, 13],
    ],
    [
      [9, 1],
      [1, 13],
    ],
  ],
  Y: [
    [
      [1, 1],
      [5, 7],
      [9, 1],
    ],
    [
      [5, 7],
      [5, 13],
    ],
  ],
};
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
const COLORS = ['#1d4ed8', '#7c3aed', '#b45309', '#047857', '#be123c', '#0f766e'];

const rand = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);

export function randomCaptchaText(length = 4): string {
  let s = '';
  for (let i = 0; i < length; i += 1) s += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return s;
}

export function drawCaptcha(text: string): string {
  const width = 120;
  const height = 44;
  const parts: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    parts.push(
      `<path d="M${rand(0, 20).toFixed(1)} ${rand(5, 40).toFixed(1)} Q${rand(30, 90).toFixed(1)} ${rand(0, 44).toFixed(1)} ${rand(100, 120).toFixed(1)} ${rand(5, 40).toFixed(1)}" stroke="${COLORS[randomInt(0, COLORS.length)]}" stroke-width="1" fill="none" opacity="0.6"/>`,
    );
  }
  [...text].forEach((ch, i) => {
    const strokes = GLYPHS[ch];
    if (!strokes) return;
    const x = 10 + i * 26 + rand(-2, 2);
    const y = 8 + rand(-3, 3);
    const angle = rand(-18, 18).toFixed(1);
    const color = COLORS[randomInt(0, COLORS.length)];
    const d = strokes
      .map((s) =>
        s
          .map(
            ([px, py], j) =>
              `${j === 0 ? 'M' : 'L'}${(px * 1.9 + rand(-0.6, 0.6)).toFixed(1)} ${(py * 2 + rand(-0.6, 0.6)).toFixed(1)}`,
          )
          .join(' '),
      )
      .join(' ');
    parts.push(
      `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle} 9 14)" d="${d}" stroke="${color}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  for (let i = 0; i < 30; i += 1) {
    parts.push(
      `<circle cx="${rand(0, width).toFixed(1)}" cy="${rand(0, height).toFixed(1)}" r="${rand(0.5, 1.4).toFixed(1)}" fill="${COLORS[randomInt(0, COLORS.length)]}" opacity="0.5"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#f3f6fb"/>${parts.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
