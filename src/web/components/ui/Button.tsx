/**
 * antd-mobile's Button, named at every moment. While loading (`loading`, or `'auto'` while its
 * onClick's promise runs) antd-mobile replaces the children by its spinner and `loadingText`,
 * which nobody sets: the button, disabled meanwhile, had no accessible name, and an axe scan that
 * caught a list refetching (the team page's Search while the members reloaded) failed on it. The
 * label stays beside the spinner, visually hidden, so the name never changes and still matches
 * the visible words (WCAG 2.5.3). Import this, not antd-mobile's (eslint.config.js says so).
 */
import AntButton, { type ButtonProps } from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';

export type { ButtonProps };

export default function Button({ children, loadingIcon, ...rest }: ButtonProps) {
  return (
    <AntButton
      {...rest}
      loadingIcon={
        <>
          {loadingIcon ?? <DotLoading color="currentColor" />}
          <span className="cp-visually-hidden">{children}</span>
        </>
      }
    >
      {children}
    </AntButton>
  );
}
