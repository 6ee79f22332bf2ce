/*
 * The features' catalogues, outside the first route's JavaScript (i18n.ts says which stay
 * in the entry). Importing this module adds them to the one i18next instance.
 */
import { featureResources } from './feature-resources';
import { i18n } from './i18n';

for (const [ns, bundle] of Object.entries(featureResources))
  i18n.addResourceBundle('zh-CN', ns, bundle, true, true);
