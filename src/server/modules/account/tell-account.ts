/**
 * Security notices to the account's address after a sensitive change (e-mail, password, Google
 * Authenticator): if the change was not the owner's doing, the owner learns of it at once. Best
 * effort: the change is committed; a mail failure is logged rather than turned into an error.
 */
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import { renderMail } from '../../lib/mail-templates';

export type AccountNotice = 'emailChanged' | 'passwordChanged' | 'googleUnbound';

export async function tellAccount(
  ctx: AppContext,
  address: string,
  notice: AccountNotice,
  lang: Lang,
  params: Record<string, string> = {},
): Promise<void> {
  const subject = translate(lang, `server:account.mail.${notice}.subject`);
  const text = translate(lang, `server:account.mail.${notice}.text`, params);
  try {
    await ctx.mail.send({ to: address, subject, text, html: renderMail(subject, text, lang) });
  } catch (error) {
    ctx.log.warn('account notice not sent', { notice, error: String(error) });
  }
}
