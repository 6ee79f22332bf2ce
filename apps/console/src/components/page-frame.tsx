import { App as AntApp } from 'antd';
import type { ComponentType } from 'react';

/**
 * antd's App (the message, notification and modal hooks, `App.useApp()`) around a page. Only
 * pages past the first route act and report back in popups, so App loads with them: its
 * popups are some 13 KB gzipped that login and the dashboard never show
 * (scripts/console-budget.mjs).
 */
export function withAntApp<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Framed(props: P) {
    return (
      <AntApp component={false}>
        <Inner {...props} />
      </AntApp>
    );
  }
  Framed.displayName = `WithAntApp(${Inner.displayName ?? Inner.name})`;
  return Framed;
}
