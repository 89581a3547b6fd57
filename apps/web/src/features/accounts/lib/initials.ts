import type { SessionUser } from '@marquee/domain/accounts-session';

/** Up to two letters for a user without a photo: first and last name, else the name's words, else the e-mail. */
export function initialsOf(user: SessionUser): string {
  const words = [user.first_name, user.last_name].filter((word) => word.trim() !== '');
  const source = words.length > 0 ? words : user.name.trim().split(/\s+/).filter(Boolean);
  const letters = source.length > 0 ? source.map((word) => word.trim().charAt(0)) : [user.email.charAt(0)];
  return [letters[0], letters.length > 1 ? letters[letters.length - 1] : '']
    .join('')
    .toLocaleUpperCase();
}
