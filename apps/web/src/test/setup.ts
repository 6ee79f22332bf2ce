import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import '../i18n/i18n';
// Every catalogue: component tests render pages without the route loaders that fetch them.
import '../i18n/feature-catalogues';

// antd-mobile's imperative APIs render through this hook; React 19 removed ReactDOM.render.
unstableSetRender((node, container) => {
  const host = container as Element & { __root?: Root };
  host.__root ??= createRoot(host);
  host.__root.render(node);
  return async () => {
    await Promise.resolve();
    host.__root?.unmount();
    delete host.__root;
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
