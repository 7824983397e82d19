/**
 * Line icons of the shell, drawn inline (24×24, stroke) so the menu needs no icon font or extra
 * package. Decorative: every icon sits beside its text or inside a labelled button.
 */
import type { MenuIconName } from '../../lib/route-meta';

export type ShellIconName = MenuIconName | 'logout' | 'menu' | 'service' | 'chevron' | 'close' | 'wallet';

const PATHS: Record<ShellIconName, string> = {
  home: 'M4 11l8-7 8 7v8a1 1 0 0 1-1 1h-4v-6h-6v6H5a1 1 0 0 1-1-1z',
  finance: 'M4 7h16v12H4zM4 11h16M8 15h3M16 3l-4 4-4-4',
  recharge: 'M12 4v10m-4-4l4 4 4-4M5 18h14',
  audit: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13l2 2 4-4',
  record: 'M6 4h12v16H6zM9 8h6M9 12h6M9 16h3',
  scenario: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  cardOpen: 'M3 6h14v12H3zM3 10h14M20 8v6M17 11h6',
  cardList: 'M4 5h16M4 12h16M4 19h16M2 5h0M2 12h0M2 19h0',
  cardGroup: 'M6 4h14v10H6zM3 8v12h14',
  cardRecord: 'M12 4a8 8 0 1 0 8 8M12 8v4l3 2M16 4h4v4',
  subAccount: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 14a5 5 0 0 1 3 6',
  team: 'M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 20a6 6 0 0 1 12 0',
  personal: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  account: 'M4 5h16v14H4zM9 10a2 2 0 1 0 0 .1M6.5 16a3 3 0 0 1 5 0M14 9h4M14 13h4',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  log: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h5',
  rebate: 'M4 10h16v10H4zM2 6h20v4H2zM12 6v14M12 6c-2-3-6-3-6 0M12 6c2-3 6-3 6 0',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  menu: 'M4 6h16M4 12h16M4 18h16',
  service:
    'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19a4 4 0 0 1-4 2h-1',
  chevron: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6L6 18',
  wallet: 'M4 7h15v12H4zM4 7l11-3v3M15 12h4v3h-4z',
};

export function MenuIcon({ name, size = 20 }: { name: ShellIconName; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className="cp-icon">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
