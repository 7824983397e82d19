/**
 * Small brand-coloured marks for the ways to top up. Drawn here (no logo files): simple shapes in
 * each channel's colour are enough to find WeChat or Alipay at a glance; the name is always
 * written beside them, so the icons are decorative.
 */
import type { ReactNode } from 'react';

export type WayIcon = 'wechat' | 'alipay' | 'unionpay' | 'usdt_trc20' | 'bank_card' | 'usd_transfer';

const COLOURS: Record<WayIcon, string> = {
  wechat: '#07a35a',
  alipay: '#1677ff',
  unionpay: '#d7262f',
  usdt_trc20: '#26a17b',
  bank_card: '#4f46e5',
  usd_transfer: '#0b1f4b',
};

const line = {
  fill: 'none',
  stroke: '#fff',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const GLYPHS: Record<WayIcon, ReactNode> = {
  wechat: (
    <>
      <path {...line} d="M10 5.5c-3.6 0-6.5 2.3-6.5 5.2 0 1.6.9 3 2.3 4l-.6 2 2.4-1.2c.8.2 1.6.4 2.4.4" />
      <path
        {...line}
        d="M14.8 9.5c3 0 5.7 2 5.7 4.5 0 1.3-.7 2.5-1.9 3.3l.5 1.7-2-1c-.7.2-1.5.3-2.3.3-3 0-5.6-2-5.6-4.3s2.6-4.5 5.6-4.5z"
      />
    </>
  ),
  alipay: (
    <>
      <path {...line} d="M5 8h14M12 5v6M7.5 11h9c-1 4.5-4.5 7.5-10 8" />
      <path {...line} d="M9 14c3 1.2 6.6 3 10 5" />
    </>
  ),
  unionpay: (
    <>
      <rect {...line} x="3.5" y="6" width="17" height="12" rx="2" />
      <path {...line} d="M3.5 10h17M7 14.5h3" />
    </>
  ),
  usdt_trc20: (
    <>
      <path {...line} d="M6 6.5h12M12 6.5v11" />
      <ellipse {...line} cx="12" cy="11" rx="6" ry="2" />
    </>
  ),
  bank_card: (
    <>
      <rect {...line} x="3.5" y="6" width="17" height="12" rx="2" />
      <path {...line} d="M3.5 10h17M7 14.5h5" />
    </>
  ),
  usd_transfer: (
    <>
      <path {...line} d="M4 9.5L12 5l8 4.5M5 19h14M6.5 11v5.5M10 11v5.5M14 11v5.5M17.5 11v5.5" />
    </>
  ),
};

export function ChannelIcon({ way, size = 40 }: { way: WayIcon; size?: number }) {
  return (
    <span
      className="cp-recharge-icon"
      style={{ width: size, height: size, background: COLOURS[way] }}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" width={Math.round(size * 0.6)} height={Math.round(size * 0.6)}>
        {GLYPHS[way]}
      </svg>
    </span>
  );
}
