import type { ReactElement } from 'react';

/**
 * The two demo slots' art, drawn here as SVG (no images, no third-party marks): 福星高照 (FXGZ)
 * in red and gold on round lucky-coin medallions, 龙腾四海 (LTSH) in sea blue and jade on
 * hexagonal tiles with a wave. Both par sheets use the same symbol ids (docs/contract.md
 * §10.13); each theme draws them in its own palette and frame.
 */
export interface SlotTheme {
  code: string;
  /** The reel window's background and the page's accent. */
  bg: string;
  accent: string;
  frame: 'coin' | 'hex';
  /** Tile fills per tier: wild, scatter, high (animals), low (cards). */
  tiles: Record<Tier, [string, string]>;
  ink: Record<Tier, string>;
}

type Tier = 'wild' | 'scatter' | 'high' | 'low';

const THEMES: Record<string, SlotTheme> = {
  FXGZ: {
    code: 'FXGZ',
    bg: 'linear-gradient(180deg, #7a0f14 0%, #b3161f 55%, #7a0f14 100%)',
    accent: '#f5c542',
    frame: 'coin',
    tiles: {
      wild: ['#ffe27a', '#e0a10f'],
      scatter: ['#ff8a65', '#c62828'],
      high: ['#fff4d6', '#f2c35b'],
      low: ['#fff8ec', '#f3ddb0'],
    },
    ink: { wild: '#8a1c00', scatter: '#fff7e0', high: '#a3121c', low: '#b3161f' },
  },
  LTSH: {
    code: 'LTSH',
    bg: 'linear-gradient(180deg, #062a4a 0%, #0b4f7a 55%, #062a4a 100%)',
    accent: '#5ee6c8',
    frame: 'hex',
    tiles: {
      wild: ['#b9fff0', '#23b59a'],
      scatter: ['#d7c4ff', '#6a3fd1'],
      high: ['#e3f4ff', '#7cc4f0'],
      low: ['#eef8ff', '#bfe0f5'],
    },
    ink: { wild: '#04443a', scatter: '#fbf8ff', high: '#073b63', low: '#0b4f7a' },
  },
};

export const themeOf = (gameCode: string): SlotTheme => THEMES[gameCode] ?? THEMES.FXGZ!;

const tierOf = (id: string): Tier =>
  id === 'W'
    ? 'wild'
    : id === 'S'
      ? 'scatter'
      : ['DR', 'PH', 'TI', 'TO'].includes(id)
        ? 'high'
        : 'low';

const HEX = 'M50 4 L90 27 L90 73 L50 96 L10 73 L10 27 Z';

function Frame({ theme, tier }: { theme: SlotTheme; tier: Tier }) {
  const [top, bottom] = theme.tiles[tier];
  const id = `${theme.code}-${tier}`;
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      {theme.frame === 'coin' ? (
        <>
          <circle
            cx="50"
            cy="50"
            r="45"
            fill={`url(#${id})`}
            stroke={theme.accent}
            strokeWidth="4"
          />
          <circle
            cx="50"
            cy="50"
            r="38"
            fill="none"
            stroke={theme.ink[tier]}
            strokeOpacity="0.25"
          />
        </>
      ) : (
        <>
          <path d={HEX} fill={`url(#${id})`} stroke={theme.accent} strokeWidth="4" />
          <path
            d="M18 78 q8 -6 16 0 t16 0 t16 0 t16 0"
            fill="none"
            stroke={theme.ink[tier]}
            strokeOpacity="0.25"
            strokeWidth="3"
          />
        </>
      )}
    </>
  );
}

const label = (text: string, color: string, y = 88, size = 13) => (
  <text x="50" y={y} textAnchor="middle" fontSize={size} fontWeight="700" fill={color}>
    {text}
  </text>
);

/** The drawing on a tile, per symbol id, in the theme's ink. */
function glyph(id: string, theme: SlotTheme, ink: string): ReactElement {
  const a = theme.accent;
  switch (id) {
    case 'W':
      // 财神's ingot (元宝) with the character 财.
      return (
        <>
          <path d="M20 52 Q50 78 80 52 L72 66 Q50 80 28 66 Z" fill={ink} opacity="0.85" />
          <ellipse cx="50" cy="46" rx="17" ry="11" fill={ink} opacity="0.85" />
          <text x="50" y="52" textAnchor="middle" fontSize="17" fontWeight="800" fill={a}>
            财
          </text>
          {label('WILD', ink, 30, 12)}
        </>
      );
    case 'S':
      // 聚宝盆: a bowl heaped with coins.
      return (
        <>
          <circle cx="38" cy="42" r="9" fill={a} stroke={ink} strokeWidth="2" />
          <circle cx="55" cy="36" r="9" fill={a} stroke={ink} strokeWidth="2" />
          <circle cx="64" cy="46" r="8" fill={a} stroke={ink} strokeWidth="2" />
          <path d="M18 50 H82 Q78 76 50 78 Q22 76 18 50 Z" fill={ink} />
          {label('宝', '#c62828', 70, 16)}
          {label('SCATTER', ink, 24, 10)}
        </>
      );
    case 'DR':
      // A dragon's body in waves, head to the right.
      return (
        <>
          <path
            d="M16 62 C26 40 36 40 42 56 S58 72 64 50 S74 30 80 36"
            fill="none"
            stroke={ink}
            strokeWidth="7"
            strokeLinecap="round"
          />
          <circle cx="80" cy="36" r="7" fill={ink} />
          <path d="M84 30 l8 -8 M86 36 l9 -2" stroke={ink} strokeWidth="2.5" />
          <circle cx="82" cy="35" r="1.8" fill={a} />
          {label('龙', ink)}
        </>
      );
    case 'PH':
      // A phoenix's tail: a fan of feathers.
      return (
        <>
          {[-50, -25, 0, 25, 50].map((deg) => (
            <ellipse
              key={deg}
              cx="50"
              cy="34"
              rx="7"
              ry="20"
              fill={ink}
              opacity="0.8"
              transform={`rotate(${deg} 50 58)`}
            />
          ))}
          <circle cx="50" cy="58" r="8" fill={a} stroke={ink} strokeWidth="2" />
          {label('凤', ink)}
        </>
      );
    case 'TI':
      // A tiger's face with its stripes and 王 on the brow.
      return (
        <>
          <circle cx="50" cy="48" r="24" fill={a} stroke={ink} strokeWidth="3" />
          <path
            d="M32 30 l-6 -8 l10 2 M68 30 l6 -8 l-10 2"
            fill={ink}
            stroke={ink}
            strokeWidth="2"
          />
          <path d="M43 36 h14 M43 41 h14 M50 33 v8" stroke={ink} strokeWidth="2.5" />
          <path d="M28 48 h8 M64 48 h8 M30 56 h7 M63 56 h7" stroke={ink} strokeWidth="3" />
          <circle cx="42" cy="49" r="2.5" fill={ink} />
          <circle cx="58" cy="49" r="2.5" fill={ink} />
          <path d="M45 60 q5 4 10 0" fill="none" stroke={ink} strokeWidth="2.5" />
          {label('虎', ink)}
        </>
      );
    case 'TO':
      // A turtle: a hexagon-patterned shell.
      return (
        <>
          <ellipse cx="50" cy="50" rx="26" ry="20" fill={ink} />
          <path d="M50 36 l9 5 v10 l-9 5 l-9 -5 v-10 z" fill="none" stroke={a} strokeWidth="2.5" />
          <path
            d="M27 44 l-8 -4 M27 58 l-8 5 M73 44 l8 -4 M73 58 l8 5"
            stroke={ink}
            strokeWidth="5"
          />
          <circle cx="82" cy="51" r="5" fill={ink} />
          {label('龟', ink)}
        </>
      );
    default: {
      const text = id === 'T' ? '10' : id;
      return (
        <text
          x="50"
          y="66"
          textAnchor="middle"
          fontSize={text.length > 1 ? 38 : 46}
          fontWeight="800"
          fontFamily="Georgia, 'Times New Roman', serif"
          fill={ink}
        >
          {text}
        </text>
      );
    }
  }
}

/** One symbol tile of a game's theme; `name` is its Chinese name for screen readers. */
export function SlotSymbolArt({
  gameCode,
  id,
  name,
  size = 64,
}: {
  gameCode: string;
  id: string;
  name?: string;
  size?: number;
}) {
  const theme = themeOf(gameCode);
  const tier = tierOf(id);
  return (
    <svg
      className="sym"
      data-symbol={id}
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={name ?? id}
    >
      <Frame theme={theme} tier={tier} />
      {glyph(id, theme, theme.ink[tier])}
    </svg>
  );
}

/** The game's emblem on its lobby card: its wild in its theme, with the scatter beside it. */
export function SlotEmblem({ gameCode }: { gameCode: string }) {
  return (
    <span className="slot-emblem" style={{ background: themeOf(gameCode).bg }} aria-hidden="true">
      <SlotSymbolArt gameCode={gameCode} id="W" size={52} />
      <SlotSymbolArt gameCode={gameCode} id={gameCode === 'LTSH' ? 'DR' : 'S'} size={40} />
    </span>
  );
}
