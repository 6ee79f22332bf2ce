import { NotFoundPage } from '../../features/system/pages/not-found.page';
import { VenueFramePage } from '../../features/venues/pages/venue-frame.page';
import { TransferSheet } from '../../features/wallet/components/transfer-sheet';

/** A venue's frame route, with the wallet's transfer sheet and the site's 404 page. */
export function VenueFrameRoute() {
  return (
    <VenueFramePage
      notFound={<NotFoundPage />}
      transferSheet={({ venue, visible, onClose, onDone }) => (
        <TransferSheet
          venueCode={venue.code}
          venueName={venue.name}
          visible={visible}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    />
  );
}
