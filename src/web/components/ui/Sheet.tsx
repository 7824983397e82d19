/**
 * Every dialog of the app (architecture.md): a bottom sheet on a phone, a centred dialog on a
 * wide screen, one component. Spec §2: a dialog never closes on a backdrop click — forms in
 * dialogs hold typed input that a stray tap must not throw away — only the close button (or the
 * caller, after success) closes it. A sheet opened from another one goes on top and hides the one
 * beneath until it closes (sheet-stack.ts).
 */
import CenterPopup from 'antd-mobile/es/components/center-popup';
import Popup from 'antd-mobile/es/components/popup';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, WIDE_QUERY } from './useMediaQuery';
import { useSheetLayer } from './sheet-stack';
import './page.css';
import './sheet.css';

export interface SheetProps {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Sticky action area under the content (buttons). */
  footer?: ReactNode;
  /** Width of the centred dialog on wide screens. */
  wideWidth?: number;
  /** On a phone, take the whole height (content that scrolls on its own, e.g. a reading pane). */
  fullHeight?: boolean;
  'data-testid'?: string;
}

export function Sheet({
  visible,
  title,
  onClose,
  children,
  footer,
  wideWidth = 480,
  fullHeight = false,
  ...rest
}: SheetProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const titleId = useId();
  const { t } = useTranslation();
  const layer = useSheetLayer(titleId, visible);

  const content = (
    <div
      className={fullHeight ? 'cp-sheet cp-sheet--full' : 'cp-sheet'}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid={rest['data-testid']}
    >
      <header className="cp-sheet__header">
        <h2 id={titleId} className="cp-sheet__title">
          {title}
        </h2>
        <button
          type="button"
          className="cp-sheet__close"
          onClick={onClose}
          aria-label={t('common:ui.close')}
          data-testid="sheet-close"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="cp-sheet__body">{children}</div>
      {footer ? <footer className="cp-sheet__footer">{footer}</footer> : null}
    </div>
  );

  const common = {
    visible,
    onClose,
    closeOnMaskClick: false,
    destroyOnClose: true,
    showCloseButton: false,
    // Stacked sheets (sheet-stack.ts): the one beneath hides its panel and keeps its backdrop,
    // the one on top keeps a clear backdrop, so the page is darkened once.
    maskClassName: layer.over ? 'cp-sheet-mask--over' : undefined,
  };
  const beneath = layer.beneath ? ' cp-sheet-layer--beneath' : '';

  return wide ? (
    <CenterPopup
      {...common}
      bodyClassName={beneath.trim() || undefined}
      style={{ '--max-width': `min(${wideWidth}px, 92vw)`, '--min-width': `min(${wideWidth}px, 92vw)` }}
    >
      {content}
    </CenterPopup>
  ) : (
    <Popup
      {...common}
      position="bottom"
      bodyClassName={`${fullHeight ? 'cp-sheet-popup cp-sheet-popup--full' : 'cp-sheet-popup'}${beneath}`}
    >
      {content}
    </Popup>
  );
}
