import { lazy, Suspense } from 'react';
import { PageSkeleton } from '../../components/ui/page-states';
import { HomePage } from '../../features/home/pages/home.page';
import type { FamilyKey } from '../../features/home/components/families';
import { useIdle } from '../../lib/use-idle';

// The family pane (venue cards, counts, hot matches) sits below the first screen: it is not
// part of the first route, and mounts once the browser is idle, so the page's first commit is
// only what the member sees (docs/benchmarks.md, "web").
const FamilyPane = lazy(() =>
  import('../../features/venues/components/family-pane').then((m) => ({ default: m.FamilyPane })),
);

/** The pane's place, the height of its loading state, until the browser is idle. */
const waiting = <PageSkeleton lines={3} height={160} />;

function IdleFamilyPane({ family }: { family: FamilyKey }) {
  const idle = useIdle();
  if (!idle) return waiting;
  return (
    <Suspense fallback={waiting}>
      <FamilyPane family={family} />
    </Suspense>
  );
}

/** Home, with each family's venues, counts and hot matches under the rail (design "Home"). */
export function HomeRoute() {
  return <HomePage familyPane={(family) => <IdleFamilyPane family={family} />} />;
}
