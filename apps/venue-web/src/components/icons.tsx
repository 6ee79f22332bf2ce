/** Small inline icons (no image requests, nothing the CSP must allow). */
const base = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export const LockIcon = () => (
  <svg {...base} width={13} height={13}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const BackIcon = () => (
  <svg {...base} width={20} height={20}>
    <path d="M15 18l-6-6 6-6" />
  </svg>
);
export const RefreshIcon = () => (
  <svg {...base} width={14} height={14}>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
  </svg>
);
export const ChevronIcon = () => (
  <svg {...base} width={14} height={14}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const CloseIcon = () => (
  <svg {...base} width={16} height={16}>
    <path d="M18 6L6 18M6 6l12 12" />
  </svg>
);
export const CopyIcon = () => (
  <svg {...base} width={13} height={13}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </svg>
);
export const FilterIcon = () => (
  <svg {...base} width={15} height={15}>
    <path d="M3 5h18l-7 8v6l-4-2v-4z" />
  </svg>
);
export const BallIcon = () => (
  <svg {...base} width={20} height={20}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7l4 3-1.5 4.5h-5L8 10z" />
  </svg>
);
export const TrophyIcon = () => (
  <svg {...base} width={20} height={20}>
    <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8" />
  </svg>
);
export const TicketIcon = () => (
  <svg {...base} width={20} height={20}>
    <path d="M4 5h16v5a2 2 0 0 0 0 4v5H4v-5a2 2 0 0 0 0-4z" />
    <path d="M9 9h6M9 13h6" />
  </svg>
);
export const EmptyArt = () => (
  <svg width="96" height="72" viewBox="0 0 96 72" aria-hidden="true">
    <rect x="10" y="14" width="76" height="48" rx="8" fill="#eef3fc" />
    <rect x="20" y="26" width="36" height="6" rx="3" fill="#cddcf5" />
    <rect x="20" y="38" width="52" height="6" rx="3" fill="#dde7f8" />
    <circle cx="74" cy="22" r="10" fill="#1677ff" opacity="0.15" />
    <path d="M70 22h8M74 18v8" stroke="#1677ff" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
