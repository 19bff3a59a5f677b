/**
 * The messages the site sends by SMS, one per registered template: a verification code (account),
 * the saved-search digest (subscription) and a 企业会员 seat invitation (seats), each in the
 * recipient's language with the full text the sandbox logs.
 */
import type { Lang } from '@steelport/contracts';
import { say, textIn } from '../../text.ts';
import type { SmsMessage } from './types.ts';

/** The longest value a template variable may carry (Aliyun: 1-35 characters). */
export const SMS_PARAM_MAX = 35;

/**
 * A template variable from free text: 【】 (they would read as a signature) become [], and a
 * longer value is cut to SMS_PARAM_MAX characters ending in …. Counts characters, not bytes.
 */
export function smsParam(value: string): string {
  const chars = Array.from(value.replace(/【/g, '[').replace(/】/g, ']').trim());
  return chars.length <= SMS_PARAM_MAX ? chars.join('') : `${chars.slice(0, SMS_PARAM_MAX - 1).join('')}…`;
}

/** A verification code's message. */
export function codeMessage(code: string, lang: Lang = 'zh-CN'): SmsMessage {
  return {
    template: 'code',
    params: { code },
    lang,
    text: textIn(
      say(
        `【钢市通】您的验证码是${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
        `[SteelPort] Your verification code is ${code}, valid for 5 minutes. If you did not ask for it, ignore this message.`,
      ),
      lang,
    ),
  };
}

/** The saved-search digest's message; `text` is the full digest (subscription/present.ts#digestText). */
export function digestMessage(
  d: { unread: number; latestTitle: string },
  text: string,
  lang: Lang = 'zh-CN',
): SmsMessage {
  return {
    template: 'digest',
    params: { count: String(d.unread), title: smsParam(d.latestTitle) },
    lang,
    text,
  };
}

/**
 * A 企业会员 seat invitation from `company`; `path` is the invitation's path under `publicUrl`
 * (at most SMS_PARAM_MAX characters, e.g. `i/<token>`).
 */
export function inviteMessage(
  company: string,
  path: string,
  publicUrl: string,
  lang: Lang = 'zh-CN',
): SmsMessage {
  const link = path.replace(/^\//, '');
  if (Array.from(link).length > SMS_PARAM_MAX)
    throw new Error(`invitation path longer than ${SMS_PARAM_MAX}`);
  return {
    template: 'invite',
    params: { company: smsParam(company), link },
    lang,
    text: textIn(
      say(
        `【钢市通】${company}邀请您加入企业会员，请访问 ${publicUrl}/${link} 接受邀请。`,
        `[SteelPort] ${company} invites you to its company membership. Accept at ${publicUrl}/${link}`,
      ),
      lang,
    ),
  };
}
