/**
 * Demo notices in both languages (demo mode only). Each has a fixed id, so seeding is idempotent:
 * notices already present are left alone, missing ones are stored. The bodies are written exactly as
 * the HTML sanitiser returns them (links carry the attributes it adds), which the test checks, so
 * they are stored as they are: sanitising them at start-up would load jsdom into the server for
 * good. Publication times are relative to the first seeding, so a fresh demo shows recent notices.
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/client';
import { notices } from '../db/schema';
import type { Lang } from '../lib/i18n';
import type { NewNotice } from '../modules/notices/store-notice';
import { storeSanitizedNotice } from '../modules/notices/store-notice';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoNotice {
  key: string;
  kind: 'banner' | 'normal';
  /** How long before the seeding it was published. */
  age: number;
  text: Record<Lang, { title: string; msg: string }>;
}

export const DEMO_NOTICES: readonly DemoNotice[] = [
  {
    key: 'maintenance',
    kind: 'banner',
    age: 2 * HOUR,
    text: {
      en: {
        title: 'Scheduled maintenance this Sunday, 02:00–04:00 (UTC+8)',
        msg:
          '<p>We are upgrading our payment systems this <strong>Sunday from 02:00 to 04:00 (UTC+8)</strong>.</p>' +
          '<ul><li>Card payments and 3-D Secure verification keep working.</li>' +
          '<li>Top-ups, card opening, recharges and withdrawals are paused during the window.</li>' +
          '<li>Orders submitted before 01:45 are processed as usual.</li></ul>' +
          '<p>Please plan large recharges ahead. Thank you for your patience.</p>',
      },
      'zh-CN': {
        title: '本周日 02:00–04:00（UTC+8）系统维护通知',
        msg:
          '<p>我们将于<strong>本周日 02:00 至 04:00（UTC+8）</strong>升级支付系统。</p>' +
          '<ul><li>卡片消费及 3-D Secure 验证不受影响。</li>' +
          '<li>维护期间暂停充值、开卡、卡片充值与提现。</li>' +
          '<li>01:45 前提交的订单将照常处理。</li></ul>' +
          '<p>如需大额充值，请提前安排。感谢您的耐心与支持。</p>',
      },
    },
  },
  {
    key: 'three-d-secure',
    kind: 'normal',
    age: 1 * DAY,
    text: {
      en: {
        title: 'Security reminder: never share your 3-D Secure codes',
        msg:
          '<p>A 3-D Secure code confirms <em>one</em> online payment. Anyone who has it can complete that payment.</p>' +
          '<ul><li>Our staff will <strong>never</strong> ask you for a 3-D Secure code, a one-time password, your CVV or your password.</li>' +
          '<li>Check the merchant and the amount before you enter a code.</li>' +
          '<li>If you did not start the payment, freeze the card at once in <em>Card list</em>.</li></ul>' +
          '<p>Report suspicious messages to <a href="mailto:security@example.com" rel="noopener noreferrer">security@example.com</a>.</p>',
      },
      'zh-CN': {
        title: '安全提醒：切勿泄露 3-D Secure 验证码',
        msg:
          '<p>3-D Secure 验证码用于确认<em>单笔</em>线上支付，任何获得验证码的人都可以完成该笔支付。</p>' +
          '<ul><li>我们的工作人员<strong>绝不会</strong>向您索取 3-D Secure 验证码、一次性密码、CVV 或登录密码。</li>' +
          '<li>输入验证码前，请核对商户名称与金额。</li>' +
          '<li>如非本人发起的支付，请立即在<em>卡片列表</em>中冻结该卡。</li></ul>' +
          '<p>可疑信息请发送至 <a href="mailto:security@example.com" rel="noopener noreferrer">security@example.com</a>。</p>',
      },
    },
  },
  {
    key: 'new-segment',
    kind: 'normal',
    age: 3 * DAY,
    text: {
      en: {
        title: 'New card segment for advertising platforms',
        msg:
          '<p>A new USD card segment is open for <strong>advertising and marketing platforms</strong>.</p>' +
          '<ul><li>Billing currency: USD</li><li>3-D Secure supported</li><li>Suited to recurring and high-volume ad spend</li></ul>' +
          '<p>Use the <em>scenario query</em> to check which segments suit your merchant before you open cards. ' +
          'Details: <a href="https://example.com/segments" rel="noopener noreferrer" target="_blank">segment overview</a>.</p>',
      },
      'zh-CN': {
        title: '新增广告平台专用卡段',
        msg:
          '<p>新的美元卡段现已开放，适用于<strong>广告与营销平台</strong>。</p>' +
          '<ul><li>结算币种：美元</li><li>支持 3-D Secure</li><li>适合周期性及大额广告投放</li></ul>' +
          '<p>开卡前请通过<em>场景查询</em>确认适合您商户的卡段。' +
          '详情：<a href="https://example.com/segments" rel="noopener noreferrer" target="_blank">卡段介绍</a>。</p>',
      },
    },
  },
  {
    key: 'fee-change',
    kind: 'normal',
    age: 6 * DAY,
    text: {
      en: {
        title: 'Fee change from the 1st of next month',
        msg:
          '<p>From the first day of next month the following fees change for the standard plan:</p>' +
          '<table><thead><tr><th>Fee</th><th>Now</th><th>From next month</th></tr></thead>' +
          '<tbody><tr><td>Card opening</td><td>USD 1.00</td><td>USD 1.50</td></tr>' +
          '<tr><td>Card recharge</td><td>1.5%</td><td>1.2%</td></tr>' +
          '<tr><td>Cross-border transaction</td><td>1.0%</td><td>1.0%</td></tr></tbody></table>' +
          '<p>Enterprise and partner plans are not affected. Contact customer service to review your plan.</p>',
      },
      'zh-CN': {
        title: '下月 1 日起费率调整',
        msg:
          '<p>自下月 1 日起，标准套餐以下费用调整如下：</p>' +
          '<table><thead><tr><th>费用</th><th>当前</th><th>下月起</th></tr></thead>' +
          '<tbody><tr><td>开卡费</td><td>1.00 美元</td><td>1.50 美元</td></tr>' +
          '<tr><td>卡片充值费</td><td>1.5%</td><td>1.2%</td></tr>' +
          '<tr><td>跨境交易费</td><td>1.0%</td><td>1.0%</td></tr></tbody></table>' +
          '<p>企业及合作伙伴套餐不受影响。如需调整套餐，请联系客服。</p>',
      },
    },
  },
  {
    key: 'holiday-hours',
    kind: 'normal',
    age: 10 * DAY,
    text: {
      en: {
        title: 'Customer service hours during the holiday',
        msg:
          '<p>During the public holiday customer service is available <strong>10:00–18:00 (UTC+8)</strong> every day.</p>' +
          '<p>Online top-ups, card opening and card payments run as usual around the clock. ' +
          'USD bank transfers are credited on the first working day after the holiday.</p>',
      },
      'zh-CN': {
        title: '节假日客服服务时间',
        msg:
          '<p>法定节假日期间，客服服务时间为每日 <strong>10:00–18:00（UTC+8）</strong>。</p>' +
          '<p>在线充值、开卡及卡片消费全天候正常运行。美元银行转账将于节后首个工作日入账。</p>',
      },
    },
  },
  {
    key: 'decline-rate',
    kind: 'banner',
    age: 14 * DAY,
    text: {
      en: {
        title: 'Keep your decline rate below 5%',
        msg:
          '<p>Card schemes monitor declined payments. <strong>If the decline rate of your account rises above 5%, ' +
          'all cards of the account are closed.</strong></p>' +
          '<ul><li>Keep enough balance on a card before you pay with it.</li>' +
          '<li>Check the card number, expiry and billing address at the merchant.</li>' +
          '<li>Review declines regularly in <em>Card records</em>.</li></ul>',
      },
      'zh-CN': {
        title: '请将拒付率控制在 5% 以下',
        msg:
          '<p>卡组织会监控被拒绝的交易。<strong>账户拒付率超过 5% 时，该账户下所有卡片将被关闭。</strong></p>' +
          '<ul><li>消费前请确保卡内余额充足。</li>' +
          '<li>请核对在商户填写的卡号、有效期与账单地址。</li>' +
          '<li>请定期在<em>卡片记录</em>中查看拒付明细。</li></ul>',
      },
    },
  },
];

export function demoNoticeId(key: string, lang: Lang): string {
  return `demo-${key}-${lang === 'en' ? 'en' : 'zh'}`;
}

/** Store the demo notices that are not there yet. Safe to call on every start. */
export async function seedDemoNotices(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const wanted = DEMO_NOTICES.flatMap((n) =>
    (['zh-CN', 'en'] as const).map((lang) => ({ id: demoNoticeId(n.key, lang), lang, notice: n })),
  );
  const present = new Set(
    (
      await db
        .select({ id: notices.id })
        .from(notices)
        .where(
          inArray(
            notices.id,
            wanted.map((w) => w.id),
          ),
        )
    ).map((r) => r.id),
  );
  const missing = wanted.filter((w) => !present.has(w.id));
  if (missing.length === 0) return;
  const now = ctx.now().getTime();
  for (const { id, lang, notice } of missing) {
    const input: NewNotice = {
      id,
      lang,
      kind: notice.kind,
      title: notice.text[lang].title,
      msg: notice.text[lang].msg,
      publishedAt: new Date(now - notice.age),
    };
    try {
      await storeSanitizedNotice(ctx, input);
    } catch (error) {
      // Another instance seeded it at the same moment.
      if (!isUniqueViolation(error)) throw error;
    }
  }
}
