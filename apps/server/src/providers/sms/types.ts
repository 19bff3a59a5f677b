/**
 * The one interface every SMS provider implements: `aliyun` (aliyun.ts, Aliyun SMS) and the
 * built-in `sandbox` (sandbox.ts); which one runs is configuration (SMS_PROVIDER, `index.ts`).
 * Carriers in China send registered templates with parameters only, so a message is a template
 * and its parameters (the texts are built in `messages.ts`).
 */
import type { Lang } from '@steelport/contracts';

/**
 * One message, as a carrier template and its parameters (each at most SMS_PARAM_MAX characters,
 * see `smsParam`) plus the full text the sandbox logs and keeps in its mailbox, in the recipient's
 * language (`lang`: their stored choice, else the requester's): Aliyun sends the English template
 * of a kind when one is configured (ALIYUN_SMS_TEMPLATE_*_EN), else the Chinese one.
 */
export type SmsMessage = { lang: Lang; text: string } & (
  | { template: 'code'; params: { code: string } }
  /** The saved-search digest: how many unread items and the newest one's title. */
  | { template: 'digest'; params: { count: string; title: string } }
  /**
   * A 企业会员 seat invitation: the inviting company and the invitation's path under the portal
   * (the template holds the site's address, a carrier refuses links in variables).
   */
  | { template: 'invite'; params: { company: string; link: string } }
);

export type SmsTemplate = SmsMessage['template'];

export interface SmsProvider {
  readonly name: string;
  /**
   * Sends one message. A refusal (the carrier said no, or did not answer in time) throws a
   * BusinessError whose Chinese message the user may read; the provider logs the details.
   */
  send(phone: string, message: SmsMessage): Promise<void>;
}
