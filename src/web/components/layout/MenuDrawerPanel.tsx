/**
 * The phone's drawer: the side menu in a panel sliding in from the left. Unlike the app's dialogs
 * (which hold typed input a stray tap must not lose) it is navigation only, so a tap beside it
 * closes it too — as well as its close button and choosing a page. Loaded on the first opening
 * through `MenuDrawer`.
 */
import Popup from 'antd-mobile/es/components/popup';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from './i18n';
import { MenuIcon } from './MenuIcon';

export interface MenuDrawerProps {
  visible: boolean;
  onClose: () => void;
  brand: ReactNode;
  children: ReactNode;
}

export function MenuDrawerPanel({ visible, onClose, brand, children }: MenuDrawerProps) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <Popup
      visible={visible}
      onClose={onClose}
      position="left"
      closeOnMaskClick
      bodyClassName="cp-drawer"
      destroyOnClose
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t('menu.label')}
        className="cp-drawer__inner"
        data-testid="drawer"
      >
        <div className="cp-drawer__head">
          <span className="cp-brand">
            {brand}
            <span className="cp-brand__name">{t('brand')}</span>
          </span>
          <button
            type="button"
            className="cp-icon-button cp-icon-button--dark"
            onClick={onClose}
            aria-label={t('menu.close')}
            data-testid="drawer-close"
          >
            <MenuIcon name="close" />
          </button>
        </div>
        {children}
      </div>
    </Popup>
  );
}
