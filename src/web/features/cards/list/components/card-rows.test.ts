// @vitest-environment jsdom
/**
 * A card offers only the actions the member's role allows, by the same keys the server checks
 * (issue 29 §4: "Bill" was offered to roles without `card:record`, and the server refused it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EndpointDef } from '@contract/core';
import {
  cardDelete,
  cardDetail,
  cardFrozen,
  cardLog,
  cardRecharge,
  cardReduce,
  editAddress,
  getCardBalance,
  getCardBill,
  getOtp,
} from '@contract/cards';
import { subAccessGrant } from '@contract/permissions';
import { cardSpendRulesGet } from '@contract/spending';
import { storeAccess } from '../../../../lib/permissions';
import { clearStorage } from '../../../../lib/storage';
import { actionsFor, CARD_ACTIONS, type CardAction } from './card-rows';

/** The call each action makes: its declared permission is what the action needs. */
const CALL_OF: Record<CardAction, EndpointDef> = {
  recharge: cardRecharge,
  withdraw: cardReduce,
  freeze: cardFrozen,
  activate: cardFrozen,
  delete: cardDelete,
  details: cardDetail,
  editAddress,
  log: cardLog,
  bill: getCardBill,
  balance: getCardBalance,
  otp: getOtp,
  spending: cardSpendRulesGet,
};

afterEach(() => clearStorage());

const offered = (keys: string[]) => {
  storeAccess(subAccessGrant(keys));
  return actionsFor({ status: 'active' }).map((rule) => rule.action);
};

describe('per-card actions follow the role', () => {
  it('does not offer "Bill" to a role without card:record, and offers it with the key', () => {
    expect(offered(['card:list'])).not.toContain('bill');
    expect(offered(['card:list', 'card:record'])).toContain('bill');
  });

  it('asks, for every action, the key its call declares (card:list comes with any card key)', () => {
    for (const rule of CARD_ACTIONS) {
      const declared = CALL_OF[rule.action].permission;
      expect({ action: rule.action, key: rule.permission ?? 'card:list' }).toEqual({
        action: rule.action,
        key: declared,
      });
    }
  });

  it('offers every action to the main account', () => {
    storeAccess({ subAccount: 0, Auths: [], subPermission: [] });
    expect(actionsFor({ status: 'active' }).map((rule) => rule.action)).toContain('bill');
  });
});
