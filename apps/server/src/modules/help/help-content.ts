import { HELP_SLUGS, type HelpCategory, type HelpSlug } from '@nebula/protocol';
import { ABOUT_PAGES } from './help-content-about';
import { FUNDS_PAGES } from './help-content-funds';
import { GAME_PAGES } from './help-content-games';
import { SPORTS_PAGES } from './help-content-sports';
import type { HelpSeedDoc } from './help.repository';

const PAGES: Record<HelpSlug, { title: string; body: string }> = {
  ...FUNDS_PAGES,
  ...SPORTS_PAGES,
  ...GAME_PAGES,
  ...ABOUT_PAGES,
};

/** Which section of the help index each page sits in. */
export const HELP_CATEGORY_OF: Record<HelpSlug, HelpCategory> = {
  kh: 'guides',
  tjllq: 'guides',
  fjcjc: 'guides',
  zxkf: 'guides',
  qtwt: 'guides',
  ck: 'funds',
  qk: 'funds',
  zz: 'funds',
  yhgz: 'funds',
  xnbcqkjc: 'funds',
  tytzjc: 'games',
  tysstqth: 'games',
  tywt: 'games',
  cpwt: 'games',
  dzjj: 'games',
  zrwt: 'games',
  bczr: 'about',
  gywm: 'about',
  gztk: 'about',
  hzhb: 'about',
  ysgz: 'about',
};

/** The first version of every help page, seeded on first start (help.service `seed`). */
export const HELP_SEED: HelpSeedDoc[] = HELP_SLUGS.map((slug, index) => ({
  slug,
  title: PAGES[slug].title,
  category: HELP_CATEGORY_OF[slug],
  sort: (index + 1) * 10,
  body: PAGES[slug].body,
}));
