/**
 * antd's Drawer, fetched the first time it opens (issue 36): the phones' filter drawers are not
 * needed for a first paint (antd's Drawer with rc-drawer and its motion is about 5 KB gzip). Once
 * open it stays mounted, so closing plays antd's animation. The props are antd's.
 */
import type { DrawerProps } from 'antd';
import { lazy, Suspense, useState } from 'react';

const Drawer = lazy(() => import('antd/es/drawer'));

export function LazyDrawer(props: DrawerProps) {
  const [opened, setOpened] = useState(false);
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
