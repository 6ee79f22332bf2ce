import 'fake-indexeddb/auto';
import { act, cleanup, configure } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import '../i18n/i18n';
// Every catalogue: component tests render pages without the route loaders that fetch them.
import '../i18n/feature-catalogues';

// findBy* and waitFor wait for a condition, never for time: on a loaded two-core CI machine a
// lazy chunk or a query can take longer than the library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// antd-mobile's imperative APIs render through this hook; React 19 removed ReactDOM.render.
// Their roots live outside the rendered tree, so `cleanup()` does not reach them: a toast still
// on screen when a test ends would render after the environment is gone ("window is not
// defined"). They are unmounted with the test.
const imperativeRoots = new Set<Element & { __root?: Root }>();
unstableSetRender((node, container) => {
  const host = container as Element & { __root?: Root };
  host.__root ??= createRoot(host);
  imperativeRoots.add(host);
  host.__root.render(node);
  return async () => {
    await Promise.resolve();
    host.__root?.unmount();
    delete host.__root;
    imperativeRoots.delete(host);
  };
});

afterEach(() => {
  cleanup();
  for (const host of imperativeRoots) {
    act(() => host.__root?.unmount());
    delete host.__root;
  }
  imperativeRoots.clear();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
