/*
 * The features' catalogues, outside the first route's JavaScript (i18n.ts says which stay
 * in the entry). Importing this module adds them to the site's catalogues.
 */
import { featureResources } from './feature-resources';
import { addCatalogues } from './translator';

addCatalogues(featureResources);
