import encodeQR from 'qr';
import { useMemo } from 'react';

/**
 * A QR code drawn as SVG from the text, in the page itself: no image service, no data URL to
 * inject. `qr` (paulmillr, no dependencies) encodes; each dark module becomes one path step.
 */
export function QrCode({
  text,
  size = 160,
  label,
}: {
  text: string;
  size?: number;
  label: string;
}) {
  const path = useMemo(() => {
    const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 2 });
    let d = '';
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { d, n: modules.length };
  }, [text]);
  return (
    <svg
      className="nb-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${path.n} ${path.n}`}
      shapeRendering="crispEdges"
    >
      <rect width={path.n} height={path.n} fill="#fff" />
      <path d={path.d} fill="#1f2329" />
    </svg>
  );
}
