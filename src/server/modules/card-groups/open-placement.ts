/**
 * Where newly opened cards go (issue 15 §1): `newCard`, `batchOpenCard` and `importData` take an
 * optional group (`gid`) and tags (`tagIds`). They are checked with every other field, before the
 * issuer hears of anything and before anything is charged (an unknown one is 400 naming the
 * field), then applied inside the opening's own transaction, under FOR SHARE locks: a group or tag
 * removed meanwhile rolls the whole opening back like any other failed check.
 */
import type { Executor, Tx } from '../../db/client';
import { fail } from '../../lib/errors';
import type { CardOwner } from '../cards/card-access';
import { findTag, lockTags } from '../tags/tag-access';
import { tagCards } from '../tags/tag-cards';
import { findGroup, lockGroups } from './group-access';
import { placeCards } from './move-cards';

export interface Placement {
  gid?: string | undefined;
  tagIds?: readonly string[] | undefined;
}

function unknownGroup() {
  return fail.badRequest('server:cardGroups.unknownGroup', { fields: ['gid'] });
}

function unknownTag() {
  return fail.badRequest('server:tags.unknownTag', { fields: ['tagIds'] });
}

/** 400 before anything happens when the group or a tag is not the caller's to use. */
export async function checkPlacement(db: Executor, owner: CardOwner, placement: Placement): Promise<void> {
  if (placement.gid) await findGroup(db, owner, placement.gid).catch(() => Promise.reject(unknownGroup()));
  for (const tagId of new Set(placement.tagIds ?? []))
    await findTag(db, owner, tagId).catch(() => Promise.reject(unknownTag()));
}

/** Inside the opening's transaction: the new cards join the group and carry the tags. */
export async function applyPlacement(
  tx: Tx,
  owner: CardOwner,
  placement: Placement,
  cardIds: readonly string[],
  now: Date,
): Promise<void> {
  if (placement.gid) {
    await lockGroups(tx, owner, [placement.gid], 'share').catch(() => Promise.reject(unknownGroup()));
    await placeCards(tx, owner, cardIds, placement.gid, now);
  }
  const tagIds = [...new Set(placement.tagIds ?? [])];
  if (tagIds.length > 0) {
    await lockTags(tx, owner, tagIds).catch(() => Promise.reject(unknownTag()));
    await tagCards(tx, cardIds, tagIds, now);
  }
}
