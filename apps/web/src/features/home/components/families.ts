/** The home rail's game families, in display order, with their pages and artwork. */
export const FAMILIES = [
  { key: 'TY', path: '/game/sport', art: '/static/families/ty.svg' },
  { key: 'ZR', path: '/game/realbet', art: '/static/families/zr.svg' },
  { key: 'DJ', path: '/game/gaming', art: '/static/families/dj.svg' },
  { key: 'CP', path: '/game/lottery', art: '/static/families/cp.svg' },
  { key: 'QP', path: '/game/chess', art: '/static/families/qp.svg' },
  { key: 'DZ', path: '/game/egame', art: '/static/families/dz.svg' },
  { key: 'BY', path: '/game/fishing', art: '/static/families/by.svg' },
] as const;

export type FamilyKey = (typeof FAMILIES)[number]['key'];
