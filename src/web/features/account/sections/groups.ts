/** The rows of the personal centre's index, for the owner and for a team member. */
import type { SectionGroup, SectionItem } from './section-list';

type T = (key: string) => string;

function item(t: T, key: string, rest: Omit<SectionItem, 'key' | 'title' | 'summary'>): SectionItem {
  return { key, title: t(`sections.titles.${key}`), summary: t(`sections.summaries.${key}`), ...rest };
}

export function ownerGroups(t: T): SectionGroup[] {
  return [
    {
      key: 'account',
      title: t('sections.groups.account'),
      items: [
        item(t, 'profile', { section: 'profile' }),
        item(t, 'identity', { page: '/identity' }),
        item(t, 'plan', { section: 'plan' }),
        item(t, 'coupons', { section: 'coupons' }),
      ],
    },
    {
      key: 'security',
      title: t('sections.groups.security'),
      items: [
        item(t, 'security', { section: 'security' }),
        item(t, 'google', { page: '/googleAuth' }),
        item(t, 'passkeys', { section: 'passkeys' }),
        item(t, 'logs', { page: '/operate' }),
      ],
    },
    {
      key: 'notifications',
      title: t('sections.groups.notifications'),
      items: [item(t, 'notifications', { section: 'notifications' })],
    },
    {
      key: 'closing',
      title: t('sections.groups.closing'),
      items: [item(t, 'close', { section: 'close', danger: true })],
    },
  ];
}

export function memberGroups(t: T): SectionGroup[] {
  return [
    {
      key: 'account',
      title: t('sections.groups.account'),
      items: [item(t, 'details', { section: 'details' })],
    },
    {
      key: 'security',
      title: t('sections.groups.security'),
      items: [item(t, 'password', { section: 'password' }), item(t, 'passkeys', { section: 'passkeys' })],
    },
    {
      key: 'notifications',
      title: t('sections.groups.notifications'),
      items: [item(t, 'notifications', { section: 'notifications' })],
    },
  ];
}
