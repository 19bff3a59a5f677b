/**
 * Builds the configured payment providers (config.payment) into the registry app.ts decorates
 * as `app.payments`. The sandbox delivers its notification through `deliverSandbox`, which
 * takes the same road in as a provider's request (the route, its schema, its verification).
 */
import type { Config } from '../../config.ts';
import { alipayProvider } from './alipay.ts';
import { type Deliver, sandboxProvider } from './sandbox.ts';
import { type Payments, paymentRegistry } from './service.ts';
import type { PaymentProvider, ProviderName } from './types.ts';
import { wechatProvider } from './wechat.ts';

export function paymentsOf(config: Config, deliverSandbox: Deliver): Payments {
  const build: Record<ProviderName, () => PaymentProvider> = {
    sandbox: () =>
      sandboxProvider({ appSecret: config.appSecret, publicUrl: config.publicUrl, deliver: deliverSandbox }),
    // config.ts refuses a provider named in PAYMENT_PROVIDERS without its settings.
    wechat: () => wechatProvider(config.payment.wechat!),
    alipay: () => alipayProvider(config.payment.alipay!, { notifyUrl: config.payment.alipayNotifyUrl }),
  };
  return paymentRegistry(config.payment.providers.map((name) => build[name]()));
}
