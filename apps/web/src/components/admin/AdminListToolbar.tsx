import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/adminContent.ts';

export interface AdminListToolbarProps {
  /** the keyword as the URL holds it */
  keyword: string;
  onSearch: (keyword: string) => void;
  /** what the search looks in (标题、摘要) */
  searchPlaceholder: string;
  keywordMax?: number;
  /** filter controls (selects) between the search and the buttons */
  filters?: ReactNode;
  /** 新建 label; absent: no create button */
  createLabel?: string;
  onCreate?: () => void;
  onReload?: () => void;
  reloading?: boolean;
}

/**
 * The bar above an admin list: a keyword search (Enter or the button), the list's filters, 刷新
 * and 新建. Dense on purpose: operators work a desktop, the bar wraps on a narrow window.
 */
export function AdminListToolbar({
  keyword,
  onSearch,
  searchPlaceholder,
  keywordMax = 50,
  filters,
  createLabel,
  onCreate,
  onReload,
  reloading,
}: AdminListToolbarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  return (
    <search className="sp-admin-toolbar">
      <Input.Search
        className="sp-admin-toolbar__search"
        value={text}
        maxLength={keywordMax}
        allowClear
        placeholder={searchPlaceholder}
        aria-label={searchPlaceholder}
        enterButton={t('adminContent.search')}
        onChange={(event) => setText(event.target.value)}
        onSearch={(next) => onSearch(next.trim())}
      />
      {filters}
      <span className="sp-admin-toolbar__spacer" />
      {onReload && (
        <Button icon={<ReloadOutlined />} loading={reloading} onClick={onReload}>
          {t('adminContent.reload')}
        </Button>
      )}
      {createLabel && onCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {createLabel}
        </Button>
      )}
    </search>
  );
}
