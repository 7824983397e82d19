/**
 * Tags (spec §3 "Tag", §7 "Tags"): a customer's labels; a card may carry several. Names are unique
 * per customer like group names (NFKC-folded, lower-cased). Tags are shared by the main account and
 * its sub-accounts, but a sub-account user tags and untags only its own cards.
 *
 * Designed: `tag/editCardTag` sets tags on one card or a selection — the tags in `add` are put on
 * every card, those in `remove` taken off, in one transaction; a tag a card already has (or does not
 * have) is left as it is, so the call can be repeated safely.
 */
import { z } from 'zod';
import { cardIdList, tagIdList } from './cards';
import { endpoint, isoTime, pageOf, pageQuery } from './core';
import { optionalText } from './fields';

export const TAG_NAME_MAX = 24;

export const tagName = z
  .string({ error: 'tags:validation.nameRequired' })
  .trim()
  .min(1, { error: 'tags:validation.nameRequired' })
  .max(TAG_NAME_MAX, { error: 'common:validation.tooLong' });

const tagId = z
  .string({ error: 'tags:validation.chooseTag' })
  .trim()
  .min(1, { error: 'tags:validation.chooseTag' })
  .max(64, { error: 'tags:validation.chooseTag' });

export const tagView = z.object({
  id: z.string(),
  name: z.string(),
  /** Cards (not deleted) the caller may see that carry it. */
  cardCount: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type TagView = z.infer<typeof tagView>;

export const tagPage = endpoint({
  id: 'tags.page',
  method: 'GET',
  path: '/api/tag/page',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:tags',
  summary: 'The customer’s tags, by name, with how many cards carry each.',
  request: pageQuery.extend({ name: optionalText(z.string().trim().max(TAG_NAME_MAX)) }),
  response: pageOf(tagView),
});

export const tagAdd = endpoint({
  id: 'tags.add',
  method: 'POST',
  path: '/api/tag/add',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:tagsManage',
  summary: 'Create a tag (409 when the name is taken, case-insensitively).',
  request: z.object({ name: tagName }),
  response: tagView,
});

export const tagUpdate = endpoint({
  id: 'tags.update',
  method: 'POST',
  path: '/api/tag/update',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:tagsManage',
  summary: 'Rename a tag.',
  request: z.object({ id: tagId, name: tagName }),
  response: tagView,
});

export const tagRemove = endpoint({
  id: 'tags.remove',
  method: 'POST',
  path: '/api/tag/remove',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:tagsManage',
  summary: 'Delete a tag; the cards lose it and nothing else.',
  request: z.object({ id: tagId }),
  response: z.object({ untagged: z.number().int() }),
});

export const removeCardTag = endpoint({
  id: 'tags.removeCardTag',
  method: 'POST',
  path: '/api/tag/removeCardTag',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:tagsManage',
  summary: 'Take one tag off one card or several.',
  request: z.object({ tagId, cardIds: cardIdList }),
  response: z.object({ changed: z.number().int() }),
});

export const editCardTag = endpoint({
  id: 'tags.editCardTag',
  method: 'POST',
  path: '/api/tag/editCardTag',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:tagsManage',
  summary: 'Put tags on and take tags off one card or a selection, in one transaction.',
  request: z
    .object({ cardIds: cardIdList, add: optionalText(tagIdList), remove: optionalText(tagIdList) })
    .refine((v) => (v.add?.length ?? 0) + (v.remove?.length ?? 0) > 0, {
      error: 'tags:validation.chooseTag',
      path: ['add'],
    }),
  response: z.object({ added: z.number().int(), removed: z.number().int() }),
});

export const tagsEndpoints = [tagPage, tagAdd, tagUpdate, tagRemove, removeCardTag, editCardTag] as const;
