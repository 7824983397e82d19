/**
 * Frame of the public auth pages: a brand band on top (phone) or a brand panel beside the card
 * (wide screens), the language toggle always in reach, and the form card.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../../components/ui/LanguageToggle';
import { keepLastTogether } from '../../../lib/typography';
import { BrandMark } from './BrandMark';
import './auth.css';

export interface AuthLayoutProps {
  /** Omitted when the content brings its own h1 (the Google step). */
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="cp-auth">
      <aside className="cp-auth__brand">
        <div className="cp-auth__brand-row">
          <div className="cp-auth__logo">
            <BrandMark />
            <span>{t('brand.name')}</span>
          </div>
          <LanguageToggle className="cp-auth__lang" />
        </div>
        <p className="cp-auth__tagline">{keepLastTogether(t('brand.tagline'))}</p>
        <div className="cp-auth__card-art" aria-hidden="true">
          <div className="cp-auth__card-chip" />
          <div className="cp-auth__card-number">•••• •••• •••• 4242</div>
          <div className="cp-auth__card-brand">VIRTUAL</div>
        </div>
      </aside>
      <main className="cp-auth__main">
        <section className="cp-auth__panel">
          {title ? <h1 className="cp-auth__title">{title}</h1> : null}
          {subtitle ? <p className="cp-auth__subtitle">{subtitle}</p> : null}
          {children}
        </section>
        {footer ? <div className="cp-auth__footer">{footer}</div> : null}
        <p className="cp-auth__secure">
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5l8-3z" fill="currentColor" />
          </svg>
          {t('brand.secure')}
        </p>
      </main>
    </div>
  );
}
