/**
 * The header's user dropdown (spec §2): the avatar (first character of the nickname, else of the
 * mobile), and under it who is signed in, the plan and the wallet, then recharge (route
 * FinanceRechargeIndex), personal account (route account) and logout. Recharge and personal
 * account are listed only once their pages exist and the user may open them.
 *
 * A disclosure (button + panel), not an ARIA menu: the panel holds text as well as links, which a
 * role="menu" may not. Escape and a click outside close it.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '../../../contract/core';
import { formatMoney } from '../../lib/money';
import type { Balances } from '../../lib/wallet';
import { avatarLetter, type AvatarSource } from './avatar';
import { SHELL_NS } from './i18n';
import { MenuIcon } from './MenuIcon';

export interface UserMenuLink {
  key: string;
  label: string;
  to: string;
}

export interface UserMenuProps {
  user: (AvatarSource & { name: string }) | null;
  planName?: string;
  balances: Balances | null;
  links: readonly UserMenuLink[];
  onLogout: () => void;
  loggingOut: boolean;
}

const SHOWN_CURRENCIES: readonly CurrencyCode[] = ['CNY', 'USD'];

export function UserMenu({ user, planName, balances, links, onLogout, loggingOut }: UserMenuProps) {
  const { t } = useTranslation(SHELL_NS);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="cp-user" ref={root}>
      <button
        ref={button}
        type="button"
        className="cp-user__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        <span className="cp-avatar" aria-hidden="true" data-testid="avatar">
          {avatarLetter(user)}
        </span>
        {/* The name as shown, then what the button is (WCAG 2.5.3: the spoken name holds the
            visible text; issue 34 §8). */}
        <span className="cp-user__name">{user?.name}</span>
        <span className="cp-visually-hidden">
          {user?.name ? ', ' : ''}
          {t('header.userMenu')}
        </span>
      </button>
      <div id={panelId} className="cp-user__panel" hidden={!open} data-testid="user-menu-panel">
        <div className="cp-user__who">
          <span className="cp-avatar cp-avatar--large" aria-hidden="true">
            {avatarLetter(user)}
          </span>
          <div className="cp-user__who-text">
            <p className="cp-user__who-name">{user?.name}</p>
            {user?.email && user.email !== user.name ? (
              <p className="cp-user__who-sub">{user.email}</p>
            ) : null}
            {planName ? <p className="cp-user__plan">{t('header.plan', { name: planName })}</p> : null}
          </div>
        </div>
        {balances ? (
          <dl className="cp-user__balances" aria-label={t('header.balances')}>
            {SHOWN_CURRENCIES.map((currency) => (
              <div key={currency} className="cp-user__balance">
                <dt>{currency}</dt>
                <dd data-testid={`user-balance-${currency}`}>
                  {formatMoney(balances[currency] ?? 0, currency)}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        <ul className="cp-user__links">
          {links.map((link) => (
            <li key={link.key}>
              <Link to={link.to} className="cp-user__link" onClick={close} data-testid={`user-${link.key}`}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="cp-user__link cp-user__link--logout"
              onClick={() => {
                close();
                onLogout();
              }}
              disabled={loggingOut}
              data-testid="user-logout"
            >
              <MenuIcon name="logout" size={18} />
              {loggingOut ? t('header.loggingOut') : t('header.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
