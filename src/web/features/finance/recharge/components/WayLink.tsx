/**
 * One way to top up on the recharge index: a large touch target with the channel's mark, its name
 * and its limits. A plain link (the router uses hash history), so it can open in a new tab on a
 * desktop; offline it says the network is needed instead of opening a page that cannot load.
 */
import type { MouseEvent, ReactNode } from 'react';
import { ChevronIcon } from '@web/components/ui/icons';
import { ensureOnline } from '@web/lib/offline';
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
        <span className="cp-recharge-way__detail">
          {detail ?? <span className="cp-shimmer cp-shimmer--text" />}
        </span>
        {note ? <span className="cp-recharge-way__note">{note}</span> : null}
      </span>
      {to ? <ChevronIcon direction="right" size={20} className="cp-recharge-way__chevron" /> : null}
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
