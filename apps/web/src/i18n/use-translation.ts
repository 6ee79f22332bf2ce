import type { DefaultNamespace, FlatNamespace, TFunction } from 'i18next';
import { getFixedT } from './i18n';

/**
 * A component's texts of one namespace (react-i18next's hook, as the site used it). One
 * language that never changes and catalogues installed before their routes render
 * (app/route-modules.ts) leave nothing to subscribe to.
 */
export function useTranslation<N extends FlatNamespace = DefaultNamespace>(
  ns?: N,
): { t: TFunction<N> } {
  return { t: getFixedT(ns) };
}
