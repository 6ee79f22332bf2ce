import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

interface NoticeMarqueeProps {
  content: ReactNode;
  icon: ReactNode;
  /** Pixels per second. */
  speed: number;
  /** Milliseconds the line stands still before it first moves. */
  delay: number;
}

/**
 * The notice line: antd-mobile's NoticeBar as the home page used it (the same elements and
 * classes, styled by antd's notice-bar.css, which the first screen's stylesheet carries, and the
 * same movement), without its hooks library and its two bundled icons, which were 3.5 KiB gzip
 * of the first route's JavaScript (docs/benchmarks.md, "web").
 */
export function NoticeMarquee({ content, icon, speed, delay }: NoticeMarqueeProps) {
  const containerRef = useRef<HTMLSpanElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const waiting = useRef(true);
  const animating = useRef(false);

  // antd's movement: a text wider than the line slides out to the left at `speed`, then enters
  // again from the right edge, for as long as it is wider.
  const start = useCallback(() => {
    const container = containerRef.current;
    const text = textRef.current;
    if (waiting.current || !container || !text) return;
    if (container.offsetWidth >= text.offsetWidth) {
      animating.current = false;
      text.style.removeProperty('transition-duration');
      text.style.removeProperty('transform');
      return;
    }
    if (animating.current) return;
    const initial = !text.style.transform;
    text.style.transitionDuration = '0s';
    text.style.transform = initial ? 'translateX(0)' : `translateX(${container.offsetWidth}px)`;
    const distance = initial ? text.offsetWidth : container.offsetWidth + text.offsetWidth;
    animating.current = true;
    text.style.transitionDuration = `${Math.round(distance / speed)}s`;
    text.style.transform = `translateX(-${text.offsetWidth}px)`;
  }, [speed]);

  useEffect(() => {
    const id = window.setTimeout(() => {
      waiting.current = false;
      start();
    }, delay);
    return () => window.clearTimeout(id);
  }, [delay, start]);

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      frame = window.requestAnimationFrame(start);
    });
    observer.observe(container);
    return () => {
      window.cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [start]);

  // New text (the notices refreshed) measures again, as antd's mutation observer did.
  useEffect(() => start(), [content, start]);

  return (
    <div className="adm-notice-bar adm-notice-bar-info adm-notice-bar-rectangular nb-notice__bar">
      <span className="adm-notice-bar-left">{icon}</span>
      <span ref={containerRef} className="adm-notice-bar-content">
        <span
          ref={textRef}
          className="adm-notice-bar-content-inner"
          onTransitionEnd={() => {
            animating.current = false;
            start();
          }}
        >
          {content}
        </span>
      </span>
    </div>
  );
}
