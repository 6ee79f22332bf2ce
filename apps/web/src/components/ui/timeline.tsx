import type { ReactNode } from 'react';
import './timeline.css';

export type TimelineState = 'done' | 'current' | 'waiting' | 'failed';

export interface TimelineStep {
  key: string;
  title: ReactNode;
  state: TimelineState;
  time?: string;
  text?: ReactNode;
}

/** A vertical progress of steps (a review, an order): done, the current one, what is left. */
export function Timeline({ steps, label }: { steps: TimelineStep[]; label?: string }) {
  return (
    <ol className="nb-timeline" aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.key}
          className={`nb-timeline__step nb-timeline__step--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="nb-timeline__dot" aria-hidden="true" />
          <p className="nb-timeline__title">{step.title}</p>
          {step.time && <p className="nb-timeline__time">{step.time}</p>}
          {step.text && <p className="nb-timeline__text">{step.text}</p>}
        </li>
      ))}
    </ol>
  );
}
