/**
 * Store a notice: the body is sanitised here, before it reaches the database, so every stored body is
 * safe HTML whatever wrote it (demo data now, an operator console later). The title is plain text (the
 * PWA renders it as text), trimmed and bounded.
 */
import type { NoticeKind } from '../../../contract/notices';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notices } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { sanitizeNoticeHtml } from './sanitize-html';

export const TITLE_MAX = 200;
/** Room for a few small inline images; larger media belong on a https URL. */
export const MSG_MAX = 256 * 1024;

export interface NewNotice {
  /** A fixed id (demo data seeds by id); a random one when absent. */
  id?: string;
  lang: Lang;
  kind?: NoticeKind;
  title: string;
  /** HTML; sanitised before it is stored. */
  msg: string;
  /** When it becomes visible; defaults to now. */
  publishedAt?: Date;
}

export interface StoredNotice {
  id: string;
  lang: Lang;
  kind: NoticeKind;
  title: string;
  msg: string;
  createdAt: Date;
  publishedAt: Date;
}

/** Control characters (tabs and newlines included) become spaces; a title is one line. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const controls = /[\u0000-\u001f\u007f]+/g;
  return text.replace(controls, ' ').replace(/\s+/g, ' ').trim();
}

export async function storeNotice(
  ctx: AppContext,
  input: NewNotice,
  db: Executor = ctx.database.db,
): Promise<StoredNotice> {
  const title = oneLine(input.title);
  if (title === '' || title.length > TITLE_MAX)
    throw fail.rule('server:notices.titleInvalid', { max: TITLE_MAX });
  if (input.msg.length > MSG_MAX) throw fail.rule('server:notices.bodyTooLarge', { kb: MSG_MAX / 1024 });
  const msg = await sanitizeNoticeHtml(input.msg);
  if (msg === '') throw fail.rule('server:notices.bodyEmpty');
  const now = ctx.now();
  const row: StoredNotice = {
    id: input.id ?? newId(),
    lang: input.lang,
    kind: input.kind ?? 'normal',
    title,
    msg,
    createdAt: now,
    publishedAt: input.publishedAt ?? now,
  };
  await db.insert(notices).values(row);
  return row;
}
