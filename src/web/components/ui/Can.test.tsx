// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { subAccessGrant } from '../../../contract/permissions';
import { saveUserInfo } from '../../lib/session';
import { TEST_USER } from '../../testing/fixtures';
import { describe, expect, it } from 'vitest';
import { setItem } from '../../lib/storage';
import { Can, hasPermission } from './Can';

function asSubAccount(keys: string[]) {
  setItem('subAccount', 1);
  setItem('subPermission', keys);
}

const button = (
  <button type="button" onClick={() => undefined}>
    Open card
  </button>
);

describe('hasPermission', () => {
  it('lets a main account do everything (subAccount unset or 0)', () => {
    expect(hasPermission('card:open')).toBe(true);
    setItem('subAccount', 0);
    setItem('subPermission', []);
    expect(hasPermission('card:open')).toBe(true);
  });

  it('checks the stored subPermission keys in sub-account mode', () => {
    asSubAccount(['card:list']);
    expect(hasPermission('card:list')).toBe(true);
    expect(hasPermission('card:open')).toBe(false);
  });

  it('allows nothing to a sub-account without stored keys', () => {
    setItem('subAccount', 1);
    expect(hasPermission('card:list')).toBe(false);
  });
});

describe('<Can>', () => {
  it('renders the control for a main account', () => {
    render(<Can permission="card:open">{button}</Can>);
    expect(screen.getByRole('button', { name: 'Open card' })).toHaveProperty('disabled', false);
  });

  it('hides the control by default when the key is missing', () => {
    asSubAccount(['card:list']);
    render(<Can permission="card:open">{button}</Can>);
    expect(screen.queryByRole('button', { name: 'Open card' })).toBeNull();
  });

  it('disables it instead when asked, with the reason as a tooltip', () => {
    asSubAccount(['card:list']);
    render(
      <Can permission="card:open" disable reason="Ask the main account">
        {button}
      </Can>,
    );
    const control = screen.getByRole('button', { name: 'Open card' });
    expect(control).toHaveProperty('disabled', true);
    expect(control.getAttribute('aria-disabled')).toBe('true');
    expect(control.getAttribute('title')).toBe('Ask the main account');
  });

  it('shows a permitted control to a sub-account unchanged', () => {
    asSubAccount(['card:open']);
    render(
      <Can permission="card:open" disable>
        {button}
      </Can>,
    );
    expect(screen.getByRole('button', { name: 'Open card' })).toHaveProperty('disabled', false);
  });

  it('passes the decision to a render function', () => {
    asSubAccount([]);
    render(<Can permission="card:open">{(allowed) => <span>{allowed ? 'yes' : 'read only'}</span>}</Can>);
    expect(screen.getByText('read only')).toBeTruthy();
  });

  it('follows new rights from the server at once, without signing in again', async () => {
    saveUserInfo({ ...TEST_USER, ...subAccessGrant(['card:list']) });
    render(<Can permission="card:open">{button}</Can>);
    expect(screen.queryByRole('button', { name: 'Open card' })).toBeNull();
    act(() => saveUserInfo({ ...TEST_USER, ...subAccessGrant(['card:list', 'card:open']) }));
    expect(await screen.findByRole('button', { name: 'Open card' })).toBeTruthy();
  });
});
