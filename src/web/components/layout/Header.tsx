/**
 * The shell's header (spec §2). On /home and /subHome the notice area (carousel and "more
 * notices"), elsewhere the page title; then customer service, the language toggle and the user
 * dropdown. On a phone the bar is compact and the notice area takes a row of its own.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../ui/LanguageToggle';
import { SHELL_NS } from './i18n';
import { MenuIcon } from './MenuIcon';
import { UserMenu, type UserMenuProps } from './UserMenu';

export interface HeaderProps {
  wide: boolean;
  brand: ReactNode;
  /** The notice area; shown instead of the title on the home pages. */
  noticeArea: ReactNode | null;
  title: string;
  onService: () => void;
  user: UserMenuProps;
}

export function Header({ wide, brand, noticeArea, title, onService, user }: HeaderProps) {
  const { t } = useTranslation(SHELL_NS);
  let lead: ReactNode;
  if (wide && noticeArea) lead = <div className="cp-header__notices">{noticeArea}</div>;
  else if (!wide && noticeArea)
    lead = (
      <span className="cp-brand">
        {brand}
        <span className="cp-brand__name">{t('brand')}</span>
      </span>
    );
  else
    lead = (
      <p className="cp-header__title" data-testid="header-title">
        {title}
      </p>
    );

  return (
    <header className="cp-header" data-testid="header">
      <div className="cp-header__bar">
        {lead}
        <div className="cp-header__actions">
          <button
            type="button"
            className="cp-icon-button"
            onClick={onService}
            aria-label={t('header.service')}
            title={t('header.service')}
            data-testid="service-button"
          >
            <MenuIcon name="service" />
          </button>
          <LanguageToggle className="cp-header__lang" />
          <UserMenu {...user} />
        </div>
      </div>
      {!wide && noticeArea ? (
        <div className="cp-header__notices cp-header__notices--row">{noticeArea}</div>
      ) : null}
    </header>
  );
}
