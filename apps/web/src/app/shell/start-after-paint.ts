/**
 * The site's scripts start after the server-drawn first screen has painted.
 *
 * Not a module of the app: the build (scripts/vite-start-after-paint.ts) compiles this file on
 * its own into a small classic script that index.html loads with `defer`, and moves the entry's
 * `<script type="module">` and every `<link rel="modulepreload">` into an inert
 * `<template id="nb-start-scripts">`. This file copies them back into the head:
 *
 * - at once when #root is empty (a page the platform did not draw: nothing to show first);
 * - else after the window's load event (the first screen's stylesheets and images) and one
 *   frame, so the first screen paints before 163 KiB of JavaScript starts to arrive. The home
 *   page's trace showed the scripts sharing the connection with the stylesheet and the banner
 *   (the LCP), and Lighthouse's simulation counting every script that finished before the
 *   first paint as blocking it: FCP 2.3 s and LCP 2.4 s, against 0.6 s for the same screen
 *   without scripts (docs/benchmarks.md, "web").
 *
 * No imports: it runs before, and without, the app's modules.
 */
const TEMPLATE_ID = 'nb-start-scripts';

/**
 * Elements added to the document per task. Each modulepreload link sends its request from the
 * task that adds it: all 19 at once took 88 ms of main-thread time in a trace at 4× CPU (one
 * long task after the first paint); four at a time keeps each task short.
 */
const PER_TASK = 4;

function startScripts(template: HTMLTemplateElement): void {
  if (!template.isConnected) return;
  // Copies, not the template's nodes: elements parsed into a template never load or run.
  const tags = Array.from(template.content.children, (inert) => {
    const tag = document.createElement(inert.localName);
    for (const attribute of Array.from(inert.attributes))
      tag.setAttribute(attribute.name, attribute.value);
    return tag;
  });
  template.remove();
  // In the template's order: the preload links, then the entry.
  const addSome = () => {
    document.head.append(...tags.splice(0, PER_TASK));
    if (tags.length > 0) setTimeout(addSome, 0);
  };
  addSome();
}

function startAfterPaint(): void {
  const template = document.getElementById(TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const start = () => startScripts(template);
  if (!document.getElementById('root')?.firstElementChild) {
    start();
    return;
  }
  // A frame, then a task: the task runs after that frame has painted. A hidden page paints no
  // frames (its animation frames wait until it is shown): it starts at once, and a page hidden
  // while it waits for its frame starts after a second.
  const afterNextPaint = () => {
    if (document.visibilityState === 'hidden') return start();
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 1000);
  };
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
}

startAfterPaint();

// A module to TypeScript (and to its test, which imports it to run it); the build compiles it
// to a classic script without exports.
export {};
