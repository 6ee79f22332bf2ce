import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * Server-drawn captcha, a raster image (contract §4). The old SVG drew each character as one
 * path of its plain glyph, so rounding the coordinates read every captcha; a PNG has no source
 * to read. Each character is drawn from one of two bundled fonts (no system font is assumed)
 * on its own layer, rotated, scaled, sheared and warped by a random sine wave, then laid over
 * its neighbours; strokes in the characters' own colours cross them all, and noise covers the
 * rest. Characters that read alike (0/O, 1/I/L, …) are left out.
 */
export const CAPTCHA_ALPHABET = '23456789ACEFHKMNPRTWXY';
/** The size the member site shows it at (CSS pixels); the PNG has twice the pixels. */
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;
const SCALE = 2;
const LAYER = 56;

const FONT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/captcha-fonts',
);
const FONTS = [
  { file: 'DejaVuSansMono-Bold.ttf', family: 'NebulaCaptchaMono' },
  { file: 'DejaVuSerif-Bold.ttf', family: 'NebulaCaptchaSerif' },
] as const;
let fontsLoaded = false;

function loadFonts(): void {
  if (fontsLoaded) return;
  for (const f of FONTS) {
    if (!GlobalFonts.registerFromPath(path.join(FONT_DIR, f.file), f.family)) {
      throw new Error(`captcha font ${f.file} could not be loaded from ${FONT_DIR}`);
    }
  }
  fontsLoaded = true;
}

const INKS = ['#1d4ed8', '#7c3aed', '#b45309', '#047857', '#be123c', '#0f766e', '#334155'];
const rand = (min: number, max: number) =>
  min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length)]!;

export function randomCaptchaText(length = 4): string {
  let s = '';
  for (let i = 0; i < length; i += 1) s += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return s;
}

/** One character on its own layer: a font, a size, a turn, a shear, then a sine warp by columns. */
function drawCharacter(ch: string, ink: string) {
  const size = LAYER * SCALE;
  const layer = createCanvas(size, size);
  const g = layer.getContext('2d');
  g.scale(SCALE, SCALE);
  g.translate(LAYER / 2, LAYER / 2);
  g.rotate((rand(-28, 28) * Math.PI) / 180);
  g.transform(rand(0.8, 1.15), rand(-0.15, 0.15), rand(-0.35, 0.35), rand(0.9, 1.15), 0, 0);
  g.font = `${Math.round(rand(25, 29))}px ${pick(FONTS).family}`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillStyle = ink;
  g.fillText(ch, 0, rand(-2, 2));
  // An outline of another width thickens some strokes and thins none: no two glyphs alike.
  g.lineWidth = rand(0.8, 1.8);
  g.strokeStyle = ink;
  g.strokeText(ch, 0, 0);

  const warped = createCanvas(size, size);
  const w = warped.getContext('2d');
  const amplitude = rand(2, 4) * SCALE;
  const period = rand(14, 26) * SCALE;
  const phase = rand(0, Math.PI * 2);
  for (let x = 0; x < size; x += 1) {
    const dy = amplitude * Math.sin(phase + (x / period) * Math.PI * 2);
    w.drawImage(layer, x, 0, 1, size, x, dy, 1, size);
  }
  return warped;
}

/** A curve from edge to edge through the characters, in one of their inks. */
function crossingStroke(g: SKRSContext2D, ink: string, width: number): void {
  g.beginPath();
  g.moveTo(rand(-5, 15), rand(10, CAPTCHA_HEIGHT - 10));
  g.bezierCurveTo(
    rand(30, 60),
    rand(0, CAPTCHA_HEIGHT),
    rand(80, 120),
    rand(0, CAPTCHA_HEIGHT),
    rand(CAPTCHA_WIDTH - 15, CAPTCHA_WIDTH + 5),
    rand(10, CAPTCHA_HEIGHT - 10),
  );
  g.strokeStyle = ink;
  g.lineWidth = width;
  g.stroke();
}

/** The captcha as a PNG data URI. */
export function drawCaptcha(text: string): string {
  loadFonts();
  const canvas = createCanvas(CAPTCHA_WIDTH * SCALE, CAPTCHA_HEIGHT * SCALE);
  const g = canvas.getContext('2d');
  g.scale(SCALE, SCALE);
  const background = g.createLinearGradient(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  background.addColorStop(0, `hsl(${Math.round(rand(190, 230))}, 60%, 95%)`);
  background.addColorStop(1, `hsl(${Math.round(rand(20, 60))}, 60%, 94%)`);
  g.fillStyle = background;
  g.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  for (let i = 0; i < 6; i += 1) {
    g.globalAlpha = 0.35;
    crossingStroke(g, pick(INKS), rand(0.6, 1.2));
  }
  g.globalAlpha = 1;

  const inks = [...text].map(() => pick(INKS));
  // Characters closer than their width, so they touch and overlap (no clean gaps to cut at).
  const step = (CAPTCHA_WIDTH - 24) / text.length;
  [...text].forEach((ch, i) => {
    const layer = drawCharacter(ch, inks[i]!);
    const x = -4 + i * step + rand(-2, 2);
    const y = (CAPTCHA_HEIGHT - LAYER) / 2 + rand(-3, 3);
    g.drawImage(layer, x, y, LAYER, LAYER);
  });

  // Strokes as thick as the glyphs' own, in their inks, joining the characters together.
  for (let i = 0; i < 2; i += 1) crossingStroke(g, pick(inks), rand(2, 3));
  for (let i = 0; i < 160; i += 1) {
    g.fillStyle = pick(INKS);
    g.globalAlpha = rand(0.25, 0.7);
    g.fillRect(rand(0, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT), rand(1, 2.2), rand(1, 2.2));
  }
  for (let i = 0; i < 10; i += 1) {
    g.strokeStyle = pick(INKS);
    g.globalAlpha = rand(0.3, 0.6);
    g.lineWidth = rand(0.8, 1.6);
    const x = rand(0, CAPTCHA_WIDTH);
    const y = rand(0, CAPTCHA_HEIGHT);
    g.beginPath();
    g.moveTo(x, y);
    g.lineTo(x + rand(-12, 12), y + rand(-12, 12));
    g.stroke();
  }
  g.globalAlpha = 1;
  return `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`;
}
