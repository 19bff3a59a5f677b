/**
 * SMS providers behind one interface (`types.ts`): Aliyun SMS (`aliyun.ts`) and the sandbox
 * (`sandbox.ts`), chosen by configuration (SMS_PROVIDER) and built once in app.ts; codes, digests
 * and invitations all go through it. Modules import this file, never a provider's own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { KvStore } from '../../store/index.ts';
import { aliyunSms } from './aliyun.ts';
import { sandboxSms } from './sandbox.ts';
import type { SmsProvider } from './types.ts';

export * from './messages.ts';
export { type MailboxMessage, readMailbox } from './sandbox.ts';
export * from './types.ts';

/**
 * The site's one SMS provider, chosen by configuration (SMS_PROVIDER): codes and digests both
 * go through it. The sandbox keeps its dev mailbox outside production only.
 */
export function smsProvider(
  config: Pick<Config, 'env' | 'smsProvider' | 'aliyunSms'>,
  log: FastifyBaseLogger,
  store: KvStore,
): SmsProvider {
  if (config.smsProvider === 'aliyun') {
    // loadConfig refuses SMS_PROVIDER=aliyun without the complete settings.
    if (!config.aliyunSms) throw new Error('SMS_PROVIDER=aliyun without its settings');
    return aliyunSms(config.aliyunSms, log);
  }
  return sandboxSms(log, store, config.env !== 'production');
}
