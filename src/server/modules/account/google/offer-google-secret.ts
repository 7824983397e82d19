/**
 * getGoogleCode: offer a new Google Authenticator secret. It is kept sealed as the pending secret
 * until bindGoogleCode proves the phone has it; asking again replaces the offer.
 */
import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { newGoogleSecret, otpauthUri } from '../../../lib/totp';
import { loadAccount } from '../load-account';

export interface GoogleOffer {
  secret: string;
  otpauthUri: string;
  /** PNG data URL of the QR code carrying the otpauth URI. */
  qrDataUrl: string;
}

export async function offerGoogleSecret(ctx: AppContext, accountId: string): Promise<GoogleOffer> {
  const account = await loadAccount(ctx, accountId);
  if (account.googleSecret) throw fail.rule('server:account.googleAlreadyBound');
  const secret = newGoogleSecret();
  const offered = await ctx.database.db
    .update(accounts)
    .set({ googlePendingSecret: ctx.box.seal(secret), updatedAt: ctx.now() })
    .where(and(eq(accounts.id, accountId), isNull(accounts.googleSecret)))
    .returning({ id: accounts.id });
  if (offered.length === 0) throw fail.rule('server:account.googleAlreadyBound');
  const uri = otpauthUri(secret, account.email);
  return { secret, otpauthUri: uri, qrDataUrl: await QRCode.toDataURL(uri) };
}
