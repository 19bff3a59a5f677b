/**
 * The portal's tabs (issue 36): antd's Tabs markup and classes, styled by antd's stylesheet as
 * before, without rc-tabs. antd's Tabs brought its overflow machinery (a "more" menu with rc-menu,
 * rc-dropdown and rc-overflow, resize observers, the sliding ink bar): about 15 kB gzip on the
 * first load of /moreInfo, /login, /wareHouse, /exponentMain, /priceTable and the firm pages.
 * Here a row of tabs that does not fit scrolls sideways inside its strip instead (the page never
 * does), and the chosen tab is underlined by CSS, so the prerendered HTML already shows it.
 *
 * Keyboard as antd's: the chosen tab is the one Tab stop; ←/→ (and Home/End) move the focus
 * along the row, Enter or Space opens the focused tab. Panels visited stay mounted (hidden),
 * as antd keeps them, unless `destroyOnHidden`.
 */
import './tabs.css';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { classNames } from '../lib/classNames.ts';

export interface TabItem {
  key: string;
  label: ReactNode;
  /** the panel; tabs without one only switch (the screen shows the content below them) */
  children?: ReactNode;
}

interface TabsProps {
  items: TabItem[];
  /** the open tab (controlled); without it the first tab opens and the tabs keep their own */
  activeKey?: string;
  onChange?: (key: string) => void;
  size?: 'small' | 'middle' | 'large';
  centered?: boolean;
  /** unmount a panel when another tab opens (antd's option of the same name) */
  destroyOnHidden?: boolean;
  className?: string;
  /** the tab row's accessible name */
  'aria-label'?: string;
}

export function Tabs({
  items,
  activeKey,
  onChange,
  size = 'middle',
  centered,
  destroyOnHidden,
  className,
  'aria-label': ariaLabel,
}: TabsProps) {
  const id = useId();
  const [ownKey, setOwnKey] = useState(() => items[0]?.key);
  const active = activeKey ?? ownKey;
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(active ? [active] : []));
  const wrapRef = useRef<HTMLDivElement>(null);

  if (active !== undefined && !visited.has(active)) setVisited(new Set(visited).add(active));

  // The open tab scrolled into its strip when the row does not fit (a phone; a language with
  // longer names): sideways only, the page itself does not move.
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap || active === undefined) return;
    const tab = wrap.querySelector<HTMLElement>(`[data-node-key="${CSS.escape(active)}"]`);
    if (!tab || wrap.scrollWidth <= wrap.clientWidth) return;
    const left = tab.offsetLeft - wrap.offsetLeft;
    if (left < wrap.scrollLeft) wrap.scrollLeft = left;
    else if (left + tab.offsetWidth > wrap.scrollLeft + wrap.clientWidth)
      wrap.scrollLeft = left + tab.offsetWidth - wrap.clientWidth;
  }, [active]);

  const open = (key: string) => {
    if (key === active) return;
    if (activeKey === undefined) setOwnKey(key);
    onChange?.(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const last = items.length - 1;
    const target = {
      ArrowLeft: index > 0 ? index - 1 : last,
      ArrowRight: index < last ? index + 1 : 0,
      Home: 0,
      End: last,
    }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      wrapRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const item = items[index];
      if (item) open(item.key);
    }
  };

  const panels = items.filter(
    (item) =>
      item.children !== undefined && (item.key === active || (!destroyOnHidden && visited.has(item.key))),
  );

  return (
    <div
      className={classNames(
        'ant-tabs ant-tabs-top ant-tabs-css-var sp-tabs',
        size !== 'middle' && `ant-tabs-${size}`,
        centered && 'ant-tabs-centered',
        className,
      )}
    >
      <div role="tablist" aria-orientation="horizontal" aria-label={ariaLabel} className="ant-tabs-nav">
        <div className="ant-tabs-nav-wrap" ref={wrapRef}>
          <div className="ant-tabs-nav-list">
            {items.map((item, index) => {
              const selected = item.key === active;
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: the click takes the tab's padding too, as antd's; the keys go to its role="tab" element
                // biome-ignore lint/a11y/useKeyWithClickEvents: as above
                <div
                  key={item.key}
                  data-node-key={item.key}
                  className={classNames('ant-tabs-tab', selected && 'ant-tabs-tab-active')}
                  onClick={() => open(item.key)}
                >
                  <div
                    role="tab"
                    id={`${id}-tab-${item.key}`}
                    aria-selected={selected}
                    aria-controls={item.children === undefined ? undefined : `${id}-panel-${item.key}`}
                    tabIndex={selected ? 0 : -1}
                    className="ant-tabs-tab-btn"
                    onKeyDown={(event) => onKeyDown(event, index)}
                  >
                    {item.label}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div className="ant-tabs-body-holder">
        <div className="ant-tabs-body ant-tabs-body-top">
          {panels.map((item) => {
            const shown = item.key === active;
            return (
              <div
                key={item.key}
                role="tabpanel"
                id={`${id}-panel-${item.key}`}
                aria-labelledby={`${id}-tab-${item.key}`}
                aria-hidden={!shown}
                tabIndex={shown ? 0 : -1}
                className={classNames(
                  'ant-tabs-content',
                  shown ? 'ant-tabs-content-active' : 'ant-tabs-content-hidden',
                )}
              >
                {item.children}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
