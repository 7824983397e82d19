/**
 * The personal centre's sections (issue 34 §4): the index of /account lists them, each opens its
 * own screen at /account/<section> (or a page of its own, e.g. /identity). The owner and a team
 * member have different sets; the names are one list so the route can refuse any other.
 */
export const OWNER_SECTIONS = [
  'profile',
  'security',
  'passkeys',
  'notifications',
  'plan',
  'coupons',
  'close',
] as const;
export const MEMBER_SECTIONS = ['details', 'password', 'passkeys', 'notifications'] as const;

export type OwnerSection = (typeof OWNER_SECTIONS)[number];
export type MemberSection = (typeof MEMBER_SECTIONS)[number];
export type SectionName = OwnerSection | MemberSection;

const ALL: ReadonlySet<string> = new Set<string>([...OWNER_SECTIONS, ...MEMBER_SECTIONS]);

export function isSectionName(name: string): name is SectionName {
  return ALL.has(name);
}

/** A row of the index: a section screen, or another page of the personal centre. */
export interface SectionItem {
  key: string;
  title: string;
  /** One line under the title: what is there, or its state. */
  summary?: string;
  section?: SectionName;
  page?: '/identity' | '/googleAuth' | '/operate';
  danger?: boolean;
}

export interface SectionGroup {
  key: string;
  title: string;
  items: SectionItem[];
}
