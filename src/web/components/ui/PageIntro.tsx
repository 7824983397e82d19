/**
 * The top of a feature page: its title, a line on what the page is for, and the page's main
 * action beside them on a wide screen (under them on a phone). `before` sits above the title (a
 * way back).
 */
import type { ReactNode } from 'react';
import './page.css';

export interface PageIntroProps {
  title: ReactNode;
  lead?: ReactNode;
  before?: ReactNode;
  /** The page's main action. */
  children?: ReactNode;
}

export function PageIntro({ title, lead, before, children }: PageIntroProps) {
  return (
    <header className="cp-page__intro">
      <div>
        {before}
        <h1 className="cp-page__title">{title}</h1>
        {lead ? <p className="cp-page__lead">{lead}</p> : null}
      </div>
      {children}
    </header>
  );
}
