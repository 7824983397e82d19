/** The Card Portal mark: a stylised card. Decorative; the name is always written beside it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" className="cp-brand-mark">
      <rect x="1" y="1" width="30" height="30" rx="9" fill="#fff" fillOpacity="0.16" />
      <rect x="6" y="9" width="20" height="14" rx="3" fill="#fff" />
      <rect x="6" y="12" width="20" height="3" fill="#1a56db" />
      <rect x="9" y="18" width="6" height="2" rx="1" fill="#93b4f5" />
    </svg>
  );
}
