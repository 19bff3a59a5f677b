/**
 * Page numbers for a list that is not an antd Table (issue 36): antd's pagination markup and
 * classes, drawn by antd's stylesheet, without antd's Pagination, whose page-size menu brings
 * antd's Select with its virtual list and overflow (about 20 KB gzip) to every screen that pages,
 * shown or not. A Table keeps its own pagination.
 *
 * With `hrefOf` (a screen that keeps its page in the URL: `usePageHref`) every page is a real
 * link, which search engines follow and a middle click opens in a new tab; a plain click pages in
 * place through `onChange`. Without it the pages are buttons.
 */
import './pager.css';
import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  EllipsisOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames } from '../lib/classNames.ts';
import { NativeSelect } from './NativeSelect.tsx';

/** A page-size menu: the sizes offered and what a choice does (back to page 1 at the new size). */
export interface PagerSizes {
  options: number[];
  onChange: (pageSize: number) => void;
}

type Slot = number | 'jump-prev' | 'jump-next';

/** Pages around the current one as antd lays them out: the first, the last, two on each side. */
export function pageSlots(current: number, pages: number): Slot[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(1, current - 2);
  let right = Math.min(pages, current + 2);
  if (current - 1 <= 2) right = 5;
  if (pages - current <= 2) left = pages - 4;
  const slots: Slot[] = [];
  if (left >= 3) slots.push(1, 'jump-prev');
  else if (left === 2) slots.push(1);
  for (let page = left; page <= right; page += 1) slots.push(page);
  if (right <= pages - 2) slots.push('jump-next', pages);
  else if (right === pages - 1) slots.push(pages);
  return slots;
}

const JUMP = 5;

export function Pager({
  current,
  total,
  pageSize,
  onChange,
  hrefOf,
  size,
  className,
  listClassName,
  totalText,
  sizes,
  label,
}: {
  current: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  hrefOf?: (page: number) => string;
  size?: 'small';
  className?: string;
  /** classes of the list itself (a table's pager: antd's `ant-table-pagination`) */
  listClassName?: string;
  /** before the pages: the total ("共 120 条") */
  totalText?: ReactNode;
  sizes?: PagerSizes;
  /** the pager's name when a screen has two (axe's landmark-unique); 分页 by default */
  label?: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, current), pages);

  /** A page's control: a link that pages in place on a plain click, or a button. */
  const control = (target: number, content: ReactNode, props: { title?: string; className?: string }) => {
    const go = () => {
      if (target !== page) onChange(target);
    };
    if (!hrefOf)
      return (
        <button type="button" {...props} onClick={go} aria-current={target === page ? 'page' : undefined}>
          {content}
        </button>
      );
    return (
      <a
        {...props}
        href={hrefOf(target)}
        aria-current={target === page ? 'page' : undefined}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          go();
        }}
      >
        {content}
      </a>
    );
  };

  const step = (direction: 'prev' | 'next') => {
    const target = direction === 'prev' ? page - 1 : page + 1;
    const disabled = target < 1 || target > pages;
    const icon = direction === 'prev' ? <LeftOutlined /> : <RightOutlined />;
    return (
      <li
        className={classNames(`ant-pagination-${direction}`, disabled && 'ant-pagination-disabled')}
        aria-disabled={disabled}
      >
        {disabled ? (
          <button type="button" className="ant-pagination-item-link" disabled title={t(`pager.${direction}`)}>
            {icon}
          </button>
        ) : (
          control(target, icon, { className: 'ant-pagination-item-link', title: t(`pager.${direction}`) })
        )}
      </li>
    );
  };

  return (
    <nav className={classNames('sp-pager', className)} aria-label={label ?? t('pager.label')}>
      <ul className={classNames('ant-pagination', size === 'small' && 'ant-pagination-mini', listClassName)}>
        {totalText !== undefined && <li className="ant-pagination-total-text">{totalText}</li>}
        {step('prev')}
        {pageSlots(page, pages).map((slot) => {
          if (typeof slot === 'number')
            return (
              <li
                key={slot}
                className={classNames(
                  'ant-pagination-item',
                  `ant-pagination-item-${slot}`,
                  slot === page && 'ant-pagination-item-active',
                )}
              >
                {control(slot, slot, { title: t('pager.page', { page: slot }) })}
              </li>
            );
          const back = slot === 'jump-prev';
          const target = back ? Math.max(1, page - JUMP) : Math.min(pages, page + JUMP);
          return (
            <li key={slot} className={`ant-pagination-${slot} ant-pagination-${slot}-custom-icon`}>
              {control(
                target,
                <span className="ant-pagination-item-container">
                  {back ? (
                    <DoubleLeftOutlined className="ant-pagination-item-link-icon" />
                  ) : (
                    <DoubleRightOutlined className="ant-pagination-item-link-icon" />
                  )}
                  <span className="ant-pagination-item-ellipsis">
                    <EllipsisOutlined />
                  </span>
                </span>,
                { className: 'ant-pagination-item-link', title: t(back ? 'pager.prev5' : 'pager.next5') },
              )}
            </li>
          );
        })}
        {step('next')}
        {sizes && (
          <li className="ant-pagination-options">
            <NativeSelect
              className="ant-pagination-options-size-changer"
              aria-label={t('pager.sizeLabel')}
              value={String(pageSize)}
              options={sizes.options.map((option) => ({
                value: String(option),
                label: t('pager.perPage', { size: option }),
              }))}
              onChange={(value) => sizes.onChange(Number(value))}
            />
          </li>
        )}
      </ul>
    </nav>
  );
}
