/**
 * One way to top up on the recharge index: a large touch target with the channel's mark, its name
 * and its limits. A plain link (the router uses hash history), so it can open in a new tab on a
 * desktop; offline it says the network is needed instead of opening a page that cannot load.
 */
import type { MouseEvent, ReactNode } from 'react';
import { ensureOnline } from '../../../../lib/offline';
import { ChannelIcon, type WayIcon } from './ChannelIcon';

export interface WayLinkProps {
  way: WayIcon;
  name: string;
  /** Limits and fee, or a note; null while they load. */
  detail: ReactNode;
  /** In-app path with its query, e.g. "/FinanceRechargeOnline?channel=wechat"; absent = unavailable. */
  to?: string;
  note?: ReactNode;
}

export function WayLink({ way, name, detail, to, note }: WayLinkProps) {
  const body = (
    <>
      <ChannelIcon way={way} />
      <span className="cp-recharge-way__text">
        <span className="cp-recharge-way__name">{name}</span>
        <span className="cp-recharge-way__detail">{detail ?? <span className="cp-recharge-skeleton" />}</span>
        {note ? <span className="cp-recharge-way__note">{note}</span> : null}
      </span>
      {to ? (
        <svg
          className="cp-recharge-way__chevron"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
        >
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      ) : null}
    </>
  );

  if (!to) {
    return (
      <div
        className="cp-recharge-way cp-recharge-way--disabled"
        aria-disabled="true"
        data-testid={`recharge-way-${way}`}
      >
        {body}
      </div>
    );
  }

  const guardOffline = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!ensureOnline()) event.preventDefault();
  };

  return (
    <a className="cp-recharge-way" href={`#${to}`} onClick={guardOffline} data-testid={`recharge-way-${way}`}>
      {body}
    </a>
  );
}
