// The few line icons of the interface (inline SVG, 20 px grid, stroke follows currentColor).
const paths = {
  plus: 'M10 4v12M4 10h12',
  edit: 'M4 16h3L15.5 7.5a2.1 2.1 0 0 0-3-3L4 13v3z',
  home: 'M3 9.5 10 4l7 5.5V16a1 1 0 0 1-1 1h-4v-4H8v4H4a1 1 0 0 1-1-1z',
  settings:
    'M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM10 2.5v2M10 15.5v2M2.5 10h2M15.5 10h2M4.7 4.7l1.4 1.4M13.9 13.9l1.4 1.4M4.7 15.3l1.4-1.4M13.9 6.1l1.4-1.4',
  logout: 'M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3M12 13.5 15.5 10 12 6.5M15.5 10H8',
  sun: 'M10 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM10 2v1.5M10 16.5V18M2 10h1.5M16.5 10H18M4.3 4.3l1.1 1.1M14.6 14.6l1.1 1.1M4.3 15.7l1.1-1.1M14.6 5.4l1.1-1.1',
  moon: 'M16 12.5A6.5 6.5 0 0 1 7.5 4a6.5 6.5 0 1 0 8.5 8.5z',
  close: 'M5 5l10 10M15 5 5 15',
  external: 'M11 4h5v5M16 4l-7 7M14 12v3a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3',
  clock: 'M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM10 6.5V10l2.5 1.5',
  file: 'M5 3h6l4 4v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 3v4h4',
  warning: 'M10 3 2 17h16L10 3zM10 8v4M10 14.5v.5',
  tag: 'M3 3h6.5l7.5 7.5-6.5 6.5L3 9.5zM6.5 6.5h.01',
  comment: 'M4 4h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
  heart: 'M10 16.5S3 12.4 3 7.6A3.6 3.6 0 0 1 10 6a3.6 3.6 0 0 1 7 1.6c0 4.8-7 8.9-7 8.9z',
  bookmark: 'M5.5 3h9a.5.5 0 0 1 .5.5V17l-5-3.5L5 17V3.5a.5.5 0 0 1 .5-.5z',
  chevron: 'M6 8l4 4 4-4',
  lock: 'M5.5 9h9a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-9a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1zM7 9V6.5a3 3 0 0 1 6 0V9',
  attach:
    'M15 9.5l-5.3 5.3a3.2 3.2 0 0 1-4.5-4.5l6.2-6.2a2.1 2.1 0 0 1 3 3l-6.1 6.1a1.1 1.1 0 0 1-1.5-1.5L12 6.5',
  download: 'M10 3v10M6 9.5l4 4 4-4M4 16.5h12',
  trash: 'M4 6h12M8.5 6V4h3v2M5.5 6l1 11h7l1-11M8.5 9v5M11.5 9v5',
  bell: 'M5 14V9a5 5 0 0 1 10 0v5l1.5 1.5h-13zM8.5 17.5a1.5 1.5 0 0 0 3 0',
  shield: 'M10 2.5 4 5v4.5c0 3.6 2.6 6.6 6 8 3.4-1.4 6-4.4 6-8V5l-6-2.5z',
  menu: 'M3.5 5.5h13M3.5 10h13M3.5 14.5h13',
  copy: 'M7 7h9v10H7zM4 13V4h9',
  search: 'M9 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM13.5 13.5 17 17',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 18, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** The Quire mark: a folded page with a quill stroke. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect x="3" y="3" width="26" height="26" rx="7" fill="var(--brand)" />
      <path d="M10 9h9l4 4v10H10z" fill="var(--brand-contrast)" opacity="0.95" />
      <path d="M19 9v4h4" fill="none" stroke="var(--brand)" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M13 17h7M13 20h5" stroke="var(--brand)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
