/**
 * A status as a coloured tag. The word is always there, so colour is never the only cue; the tone
 * says what happened: in good order (ok), held or waiting (warn), refused (bad), given back or set
 * aside (info), over (muted).
 */
import type { ReactNode } from 'react';
import './page.css';

export type TagTone = 'ok' | 'warn' | 'bad' | 'info' | 'muted';

export interface TagProps {
  tone: TagTone;
  children: ReactNode;
  /** Further classes, e.g. a hook for tests. */
  className?: string;
  'data-testid'?: string;
  'data-status'?: string;
}

export function Tag({ tone, children, className, ...rest }: TagProps) {
  const classes = ['cp-tag', tone === 'muted' ? '' : `cp-tag--${tone}`, className ?? ''];
  return (
    <span
      className={classes.filter(Boolean).join(' ')}
      data-testid={rest['data-testid']}
      data-status={rest['data-status']}
    >
      {children}
    </span>
  );
}
