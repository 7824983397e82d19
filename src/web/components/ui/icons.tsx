/**
 * Line icons drawn in the text colour. Decorative: the button or heading beside them carries the
 * words, so they are hidden from assistive technology.
 */

interface IconProps {
  size?: number;
  className?: string;
}

/** One stroked path on the 24-unit grid of every icon here. */
export function LineIcon({
  d,
  size = 16,
  className,
  weight = 2,
}: IconProps & { d: string; weight?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className={className}>
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={weight}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A circular arrow: load again. */
export function RefreshIcon(props: IconProps) {
  return <LineIcon d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" {...props} />;
}

/** A tick: done. */
export function TickIcon({ size = 24, className }: IconProps) {
  return <LineIcon d="M5 12.5l4.5 4.5L19 7.5" size={size} className={className} weight={2.4} />;
}

/** Two sheets: copy. */
export function CopyIcon(props: IconProps) {
  return (
    <LineIcon
      d="M10 8h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2zM16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
      {...props}
    />
  );
}

const CHEVRONS = { left: 'M15 5l-7 7 7 7', right: 'M9 5l7 7-7 7', down: 'M6 9l6 6 6-6' } as const;

/** An arrowhead: back (left), onwards (right), open a list (down). */
export function ChevronIcon({
  direction,
  size = 18,
  className,
}: IconProps & { direction: keyof typeof CHEVRONS }) {
  return <LineIcon d={CHEVRONS[direction]} size={size} className={className} />;
}
