/**
 * Tries the two solvers an attacker used on the captcha against 200 fresh ones and prints the
 * share each solved (the goal is under 5% for both):
 *  - the coordinate solver: reads an SVG captcha's path points (it solved 110 of 110 of the
 *    old SVG glyphs); a raster image has no source for it to read;
 *  - Debian's tesseract-ocr (`apt-get install tesseract-ocr`), one line, the captcha alphabet
 *    whitelisted, on the image scaled up 3× as an attacker would.
 * Run: npm run captcha:solvers [-- count]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  CAPTCHA_ALPHABET,
  drawCaptcha,
  randomCaptchaText,
} from '../apps/server/src/modules/auth/captcha-drawing';

/** The coordinate attack: only an SVG source has paths to read; anything else is unsolved. */
function coordinateSolver(dataUri: string): string | null {
  if (!dataUri.startsWith('data:image/svg+xml')) return null;
  const svg = Buffer.from(dataUri.split(',')[1] ?? '', 'base64').toString('utf8');
  const glyphPaths = [...svg.matchAll(/<path transform="[^"]*" d="([^"]+)"/g)];
  // The attack matched each rounded point list against the known glyphs; any path found
  // would be enough for it, so finding one counts as solved here.
  return glyphPaths.length > 0 ? 'solved' : null;
}

async function tesseractSolver(dataUri: string, dir: string, i: number): Promise<string | null> {
  const image = await loadImage(Buffer.from(dataUri.split(',')[1] ?? '', 'base64'));
  const big = createCanvas(image.width * 3, image.height * 3);
  big.getContext('2d').drawImage(image, 0, 0, big.width, big.height);
  const file = path.join(dir, `c${i}.png`);
  writeFileSync(file, big.toBuffer('image/png'));
  const r = spawnSync(
    'tesseract',
    [file, 'stdout', '--psm', '7', '-c', `tessedit_char_whitelist=${CAPTCHA_ALPHABET}`],
    { encoding: 'utf8' },
  );
  if (r.error) throw new Error('tesseract-ocr is not installed (apt-get install tesseract-ocr)');
  return r.stdout.replace(/\s+/g, '').toUpperCase() || null;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 200);
  const dir = mkdtempSync(path.join(tmpdir(), 'captcha-solvers-'));
  let byCoordinates = 0;
  let byTesseract = 0;
  try {
    for (let i = 0; i < count; i += 1) {
      const answer = randomCaptchaText();
      const uri = drawCaptcha(answer);
      if (coordinateSolver(uri) !== null) byCoordinates += 1;
      if ((await tesseractSolver(uri, dir, i)) === answer) byTesseract += 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pct = (n: number) => `${((n / count) * 100).toFixed(1)}%`;
  console.log(`captchas: ${count}`);
  console.log(`coordinate solver: ${byCoordinates} solved (${pct(byCoordinates)})`);
  console.log(`tesseract-ocr: ${byTesseract} solved (${pct(byTesseract)})`);
  if (byCoordinates / count >= 0.05 || byTesseract / count >= 0.05) process.exitCode = 1;
}

await main();
