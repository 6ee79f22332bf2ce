import { HomePage } from '../../features/home/pages/home.page';
import { FamilyPane } from '../../features/venues/components/family-pane';

/** Home, with each family's venues, counts and hot matches under the rail (design "Home"). */
export function HomeRoute() {
  return <HomePage familyPane={(family) => <FamilyPane family={family} />} />;
}
