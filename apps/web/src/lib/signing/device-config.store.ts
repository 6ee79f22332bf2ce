import { create } from 'zustand';

/** The non-secret part of the decrypted vvPretty payload, kept for chat, service and venues. */
export interface DeviceConfig {
  wsUrl: string;
  csUrl: string;
  venueOrigins: Record<string, string>;
}

interface DeviceConfigState {
  config: DeviceConfig | null;
  setConfig: (config: DeviceConfig) => void;
}

export const useDeviceConfig = create<DeviceConfigState>((set) => ({
  config: null,
  setConfig: (config) => set({ config }),
}));
