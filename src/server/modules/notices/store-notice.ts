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
  const { title, msg } = await prepareNotice(input);
  return insertNotice(ctx, input, title, msg, db);
}

/**
 * A title and body as they are stored: the title one bounded line, the body sanitised and not empty.
 * Every notice body goes through this (the console's writing and preview included).
 */
export async function prepareNotice(input: {
  title: string;
  msg: string;
}): Promise<{ title: string; msg: string }> {
  const title = noticeTitle(input.title);
  if (input.msg.length > MSG_MAX) throw fail.rule('server:notices.bodyTooLarge', { kb: MSG_MAX / 1024 });
  const msg = await sanitizeNoticeHtml(input.msg);
  if (msg === '') throw fail.rule('server:notices.bodyEmpty');
  return { title, msg };
}

/**
 * Store a notice whose body is already exactly what the sanitiser returns for it: the demo notices,
 * whose test checks that of every body. Seeding them this way keeps jsdom (about 85 MB of resident
 * memory that the process keeps once loaded) out of a fresh demo server. Any other body goes through
 * `storeNotice`.
 */
export async function storeSanitizedNotice(
  ctx: AppContext,
  input: NewNotice,
  db: Executor = ctx.database.db,
): Promise<StoredNotice> {
  return insertNotice(ctx, input, noticeTitle(input.title), input.msg, db);
}

function noticeTitle(text: string): string {
  const title = oneLine(text);
  if (title === '' || title.length > TITLE_MAX)
    throw fail.rule('server:notices.titleInvalid', { max: TITLE_MAX });
  return title;
}

async function insertNotice(
  ctx: AppContext,
  input: NewNotice,
  title: string,
  msg: string,
  db: Executor,
): Promise<StoredNotice> {
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
