import { bytesToBase64 } from './base64';

/**
 * The phone traits of the device fingerprint (lib/fingerprint.ts): canvas, fonts and
 * WebGL. Written against a surface that either the page (canvas elements) or a worker
 * (OffscreenCanvas) provides: on a phone they cost tens of milliseconds of drawing, font
 * fallback and a WebGL context, which the page hands to a worker (lib/fingerprint.ts).
 */
type Context2D = Pick<
  CanvasRenderingContext2D,
  'font' | 'fillStyle' | 'textBaseline' | 'fillRect' | 'fillText' | 'measureText'
>;

export interface TraitSurfaces {
  /** A 2D canvas of this size and its pixels read back as a PNG data URL. */
  canvas2d(width: number, height: number): { ctx: Context2D; dataUrl(): Promise<string> } | null;
  webgl(): WebGLRenderingContext | null;
}

const PROBE_FONTS = [
  'PingFang SC',
  'Hiragino Sans GB',
  'Microsoft YaHei',
  'Noto Sans CJK SC',
  'Heiti SC',
  'Roboto',
  'Arial',
];

export async function canvasTrait(s: TraitSurfaces): Promise<string> {
  const c = s.canvas2d(200, 40);
  if (!c) return '';
  const { ctx } = c;
  ctx.textBaseline = 'top';
  ctx.font = '14px sans-serif';
  ctx.fillStyle = '#f60';
  ctx.fillRect(100, 1, 60, 20);
  ctx.fillStyle = '#069';
  ctx.fillText('Nebula,\u00e9\u4f60\u597d', 2, 15);
  return c.dataUrl();
}

export function fontsTrait(s: TraitSurfaces): string {
  const ctx = s.canvas2d(1, 1)?.ctx;
  if (!ctx) return '';
  const widthWith = (font: string) => {
    ctx.font = `16px ${font}`;
    return ctx.measureText('mmmwwwlli\u4e2d\u6587').width;
  };
  const base = widthWith('monospace');
  return PROBE_FONTS.filter((font) => widthWith(`'${font}', monospace`) !== base).join(',');
}

export function webglTrait(s: TraitSurfaces): string {
  const gl = s.webgl();
  if (!gl) return '';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const vendor = String(gl.getParameter(info ? info.UNMASKED_VENDOR_WEBGL : gl.VENDOR));
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  return `${vendor}~${renderer}`;
}

/**
 * The three phone traits in the fingerprint's order, `pause` awaited between them (the page
 * yields a task there; the worker need not).
 */
export async function phoneTraits(
  s: TraitSurfaces,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<string[]> {
  const canvas = await canvasTrait(s);
  await pause();
  const fonts = fontsTrait(s);
  await pause();
  return [canvas, fonts, webglTrait(s)];
}

/** Canvas elements of a document (the page's own thread). */
export function documentSurfaces(doc: Document): TraitSurfaces {
  return {
    canvas2d(width, height) {
      const canvas = doc.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      return ctx ? { ctx, dataUrl: () => Promise.resolve(canvas.toDataURL()) } : null;
    },
    webgl: () => doc.createElement('canvas').getContext('webgl'),
  };
}

/** OffscreenCanvas (a worker): the same drawing, read back as the same data URL. */
export function offscreenSurfaces(): TraitSurfaces {
  return {
    canvas2d(width, height) {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      return ctx
        ? {
            ctx,
            dataUrl: async () => {
              const blob = await canvas.convertToBlob({ type: 'image/png' });
              return `data:image/png;base64,${bytesToBase64(new Uint8Array(await blob.arrayBuffer()))}`;
            },
          }
        : null;
    },
    webgl: () => new OffscreenCanvas(1, 1).getContext('webgl'),
  };
}
