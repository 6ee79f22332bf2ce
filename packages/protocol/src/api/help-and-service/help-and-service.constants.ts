/*
 * Plain constants of the service side, without zod, so the member site's pages can
 * use them without loading the schemas. `help-and-service.schemas.ts` builds its schemas from them.
 */

/** The 21 help pages of contract §8.1 (contract §6), in the index's order. */
export const HELP_SLUGS = [
  'kh',
  'ck',
  'qk',
  'zz',
  'yhgz',
  'tjllq',
  'xnbcqkjc',
  'tytzjc',
  'tysstqth',
  'fjcjc',
  'cpwt',
  'dzjj',
  'tywt',
  'zrwt',
  'qtwt',
  'bczr',
  'gywm',
  'gztk',
  'hzhb',
  'ysgz',
  'zxkf',
] as const;
export type HelpSlug = (typeof HELP_SLUGS)[number];

/** Sections of the help index. */
export const HELP_CATEGORIES = ['guides', 'funds', 'games', 'about'] as const;
export type HelpCategoryName = (typeof HELP_CATEGORIES)[number];

export const FEEDBACK_CATEGORIES = [
  'deposit',
  'withdrawal',
  'account',
  'games',
  'activity',
  'bug',
  'suggestion',
  'other',
] as const;
export type FeedbackCategoryName = (typeof FEEDBACK_CATEGORIES)[number];

/** contract §8.4 display length (a character above code 255 counts 2): 10 to 1000. */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 1000;
export const FEEDBACK_CONTACT_MAX = 64;
