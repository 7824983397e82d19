// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IdentityStatusView } from '../../../contract/identity';
import { IDENTITY_LEVELS } from '../../../contract/identity-rules';
import { Checklist } from './Checklist';

const status = (level: IdentityStatusView['level']): IdentityStatusView => ({
  level,
  order: null,
  missing: [],
  topupCeiling: [],
});

describe('Checklist (issue 34 §6)', () => {
  it.each(IDENTITY_LEVELS)(
    'at %s, only that level carries "Your level"; the ones below are ticked',
    (level) => {
      const { unmount } = render(<Checklist status={status(level)} />);
      expect(screen.getAllByTestId('identity-level-current')).toHaveLength(1);
      const own = screen.getByTestId(`identity-level-${level}`);
      expect(within(own).getByTestId('identity-level-current').textContent).toBe('Your level');
      expect(own.getAttribute('aria-current')).toBe('step');
      const rank = IDENTITY_LEVELS.indexOf(level);
      for (const below of IDENTITY_LEVELS.slice(0, rank))
        expect(screen.getByTestId(`identity-level-${below}`).className).toBe('is-done');
      unmount();
    },
  );
});
