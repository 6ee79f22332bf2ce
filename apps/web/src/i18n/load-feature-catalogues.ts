let loading: Promise<unknown> | undefined;

/**
 * Loads the features' catalogues (feature-catalogues.ts) once; every later call answers with
 * the same promise. A failed load (the network dropped) is forgotten, so the next route retries.
 */
export function loadFeatureCatalogues(): Promise<unknown> {
  loading ??= import('./feature-catalogues').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
