import { describe, expect, it } from 'vitest';
import { START_TEMPLATE_ID, deferScripts } from './vite-start-after-paint';

const built = `<!doctype html>
<html>
  <head>
    <title>Nebula</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home.js">
  </head>
  <body>
    <div id="root"></div>
    <link rel="stylesheet" crossorigin href="/assets/home.css">
  </body>
</html>
`;

describe('index.html with its scripts started after the first paint', () => {
  const html = deferScripts(built, '/assets/start-after-paint-abc.js');
  const template = new RegExp(`<template id="${START_TEMPLATE_ID}">(.*)</template>`).exec(html);

  it('leaves no script or preload the browser would fetch while the first screen loads', () => {
    const outside = html.replace(template?.[0] ?? '', '');
    expect(outside).not.toMatch(/type="module"|modulepreload/);
  });

  it('keeps every one of them in the template, the preload links first, then the entry', () => {
    expect(template?.[1]).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home.js">' +
        '<script type="module" crossorigin src="/assets/index.js"></script>',
    );
  });

  it('loads the loader as a deferred classic script and keeps the stylesheets where they were', () => {
    expect(html).toContain(
      '<script defer src="/assets/start-after-paint-abc.js"></script>\n  </head>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/home.css">\n  </body>',
    );
  });

  it('fails the build when index.html has no module script', () => {
    expect(() => deferScripts('<html><head></head></html>', '/x.js')).toThrow(/no module script/);
  });
});
