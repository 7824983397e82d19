/**
 * The reminder an agent copies for an invitee who has stopped at a stage (for WeChat and the
 * like): one message in both languages, whatever the agent's own language, because the agent does
 * not know which one the invitee reads.
 */
import type { InviteeStage } from '../../../contract/agent';
import { i18n } from '../../lib/i18n';
import { AGENT_NS } from './i18n';

export function reminderText(nextStage: InviteeStage, link: string): string {
  const line = (lng: string) => i18n.t(`${AGENT_NS}:reminder.${nextStage}`, { lng, link });
  return `${line('zh-CN')}\n${line('en')}`;
}
