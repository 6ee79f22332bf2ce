import { local } from '../../../lib/storage';

/**
 * The 试玩 session the site holds (docs/contract.md §6 Demo play): its `demo_…` token, kept
 * apart from the member's token and never sent as one (the server refuses it on member calls).
 */
const KEY = 'nb_demo_token';

export const readDemoToken = (): string | undefined => local.get(KEY) ?? undefined;
export const keepDemoToken = (token: string): void => local.set(KEY, token);
export const forgetDemoToken = (): void => local.remove(KEY);
