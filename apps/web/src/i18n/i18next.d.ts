import 'i18next';
import type { defaultNS, Resources } from './i18n';

// Typed keys: a missing catalogue entry is a compile error, not a blank label.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: Resources;
  }
}
