/**
 * The header's avatar letter (spec §2): the first character of the nickname, or of the mobile when
 * there is no nickname. Whole characters, not UTF-16 halves, so an emoji or a rare CJK character
 * stays intact; latin letters are capitalised. When neither is known (a new account without
 * nickname or mobile) the e-mail address gives the letter rather than an empty circle.
 */
export interface AvatarSource {
  nickname?: string | null;
  mobile?: string | null;
  email?: string | null;
}

export function avatarLetter(user: AvatarSource | null | undefined): string {
  const from = [user?.nickname, user?.mobile, user?.email].map((value) => value?.trim() ?? '').find(Boolean);
  const [first] = Array.from(from ?? '');
  return first ? first.toLocaleUpperCase() : '?';
}
