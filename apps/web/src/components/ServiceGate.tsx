import type { ServiceKey } from '@steelport/contracts';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle.tsx';
import { ServiceClosed, useServiceShown } from './services/ServiceClosed.tsx';

/**
 * A service screen that operators may close (openCheck): while `service` is closed it shows
 * its title and 即将开放 (services/ServiceClosed) instead of a screen whose every action would be
 * refused. Until the answer arrives the screen shows as open.
 */
export function ServiceGate({
  service,
  title,
  children,
}: {
  service: ServiceKey;
  title: string;
  children: ReactNode;
}) {
  if (useServiceShown(service)) return <>{children}</>;
  return (
    <div className="sp-container sp-page" data-testid="service-closed">
      <PageTitle>{title}</PageTitle>
      <ServiceClosed service={service} />
    </div>
  );
}
