import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** Phones: displayEquipment 1 (contract §2 default). */
const DISPLAY_EQUIPMENT_H5 = 1;

/** POST activityShow/suspensionIcon: the floating activity icon. */
export const suspensionIconQuery = {
  queryKey: ['suspensionIcon', DISPLAY_EQUIPMENT_H5],
  queryFn: () => api.call('suspensionIcon', { body: { displayEquipment: DISPLAY_EQUIPMENT_H5 } }),
};

export function useSuspensionIcon() {
  return useQuery(suspensionIconQuery);
}
