import './keys.css';
import '../../../i18n/workspace.ts';
import { CopyOutlined, ExclamationCircleFilled, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  API_KEY_HEADER,
  type ApiKeyCreated,
  type ApiKeyInfo,
  type ApiKeyScope,
  TRADER_LIMITS,
} from '@steelport/contracts';
import { Alert, Button, Empty, Modal, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiKeys, useRevokeApiKey } from '../../../api/workspace.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { CreateKeyModal } from './CreateKeyModal.tsx';

const SKELETON_LINES = 3;

/** The curl example of the usage note: one stock row in the import's row format. */
export function curlExample(origin: string): string {
  const body = {
    mode: 'append',
    rows: [
      {
        product: '热轧卷板',
        material: 'Q235B',
        spec: '2.75*1250*C',
        origin: '日钢',
        warehouse: '',
        city: '上海',
        pieces: 3,
        weight: 25.36,
        price: 4120,
        remark: '',
      },
    ],
  };
  return [
    `curl -X PUT '${origin}/api/trader/sync/stock' \\`,
    `  -H '${API_KEY_HEADER}: spk_…' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : null);

/**
 * /account/keys, API 密钥: the company's keys (用途, prefix…, 权限, created, last used, state),
 * 创建 (用途 + 权限) showing the full key once in a modal with a copy button and the warning that it
 * will not be shown again, 停用 (disable) with a confirm, and a short usage note with a curl example.
 */
export function AccountKeysPage() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const live = keys.data?.filter((key) => key.revokedAt === null).length ?? 0;
  const full = live >= TRADER_LIMITS.apiKeysMax;

  const askRevoke = (key: ApiKeyInfo) =>
    modal.confirm({
      title: t('workspace.keys.revokeTitle', { name: key.name }),
      content: t('workspace.keys.revokeText'),
      okText: t('workspace.keys.revokeOk'),
      okButtonProps: { danger: true },
      cancelText: t('workspace.keys.cancel'),
      onOk: () =>
        revoke.mutateAsync(key.id).then(() => {
          void message.success(t('workspace.keys.revokedDone'));
        }),
    });

  let body: ReactNode;
  if (keys.isError) {
    body = <LoadError error={keys.error} onRetry={keys.refetch} />;
  } else if (!keys.data) {
    body = (
      <div role="status" aria-label={t('workspace.keys.loading')}>
        <KeyTable t={t} rows={null} onRevoke={askRevoke} />
      </div>
    );
  } else if (keys.data.length === 0) {
    body = <Empty className="sp-keys__empty" description={t('workspace.keys.empty')} />;
  } else if (isPhone) {
    body = <KeyCards t={t} rows={keys.data} onRevoke={askRevoke} />;
  } else {
    body = <KeyTable t={t} rows={keys.data} onRevoke={askRevoke} />;
  }

  return (
    <div className="sp-account__sections">
      <section className="sp-box" aria-labelledby="keys-title">
        <h2 className="sp-box__title" id="keys-title">
          {t('workspace.keys.title')}
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            disabled={full || !keys.data}
            title={full ? t('workspace.keys.limit', { max: TRADER_LIMITS.apiKeysMax }) : undefined}
            onClick={() => setCreating(true)}
            className="sp-keys__create"
          >
            {t('workspace.keys.create')}
          </Button>
        </h2>
        <div className="sp-box__body">
          <p className="sp-muted sp-keys__intro">
            {t('workspace.keys.intro')} {t('workspace.keys.limit', { max: TRADER_LIMITS.apiKeysMax })}
          </p>
          {body}
        </div>
      </section>
      <Usage t={t} />
      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <CreatedKeyModal created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

function ScopeTags({ t, scopes }: { t: TFunction; scopes: ApiKeyScope[] }) {
  return (
    <>
      {scopes.map((scope) => (
        <Tag key={scope} color="blue">
          {t(`workspace.keys.scopeNames.${scope}`)}
        </Tag>
      ))}
    </>
  );
}

function StateTag({ t, row }: { t: TFunction; row: ApiKeyInfo }) {
  return row.revokedAt ? (
    <Tag>{t('workspace.keys.revoked')}</Tag>
  ) : (
    <Tag color="green">{t('workspace.keys.active')}</Tag>
  );
}

type Line = ApiKeyInfo | { id: string };
const isLine = (row: Line): row is ApiKeyInfo => typeof row.id === 'number';

function KeyTable({
  t,
  rows,
  onRevoke,
}: {
  t: TFunction;
  rows: ApiKeyInfo[] | null;
  onRevoke: (key: ApiKeyInfo) => void;
}) {
  const placeholder = <span className="sp-keys__skel" />;
  const cell = (render: (row: ApiKeyInfo) => ReactNode) => (_: unknown, row: Line) =>
    isLine(row) ? render(row) : placeholder;
  const columns: ColumnsType<Line> = [
    { key: 'name', title: t('workspace.keys.colName'), render: cell((row) => row.name) },
    {
      key: 'prefix',
      title: t('workspace.keys.colPrefix'),
      width: 150,
      render: cell((row) => <code className="sp-keys__prefix">{row.prefix}…</code>),
    },
    {
      key: 'scopes',
      title: t('workspace.keys.colScopes'),
      width: 180,
      render: cell((row) => <ScopeTags t={t} scopes={row.scopes} />),
    },
    {
      key: 'created',
      title: t('workspace.keys.colCreated'),
      width: 140,
      render: cell((row) => formatTime(row.createdAt)),
    },
    {
      key: 'lastUsed',
      title: t('workspace.keys.colLastUsed'),
      width: 140,
      render: cell(
        (row) => formatTime(row.lastUsedAt) ?? <span className="sp-muted">{t('workspace.keys.never')}</span>,
      ),
    },
    {
      key: 'status',
      title: t('workspace.keys.colStatus'),
      width: 130,
      render: cell((row) => (
        <span className="sp-keys__state">
          <StateTag t={t} row={row} />
          {!row.revokedAt && (
            <Button size="small" danger onClick={() => onRevoke(row)}>
              {t('workspace.keys.revoke')}
            </Button>
          )}
        </span>
      )),
    },
  ];
  const placeholders: Line[] = Array.from({ length: SKELETON_LINES }, (_, i) => ({ id: `skeleton-${i}` }));
  return (
    <Table<Line>
      className="sp-keys__table"
      data-testid="key-table"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows ?? placeholders}
      columns={columns}
      rowClassName={(row) =>
        isLine(row) ? (row.revokedAt ? 'sp-keys__row sp-keys__row--revoked' : 'sp-keys__row') : ''
      }
    />
  );
}

function KeyCards({
  t,
  rows,
  onRevoke,
}: {
  t: TFunction;
  rows: ApiKeyInfo[];
  onRevoke: (key: ApiKeyInfo) => void;
}) {
  return (
    <ol className="sp-keys__cards">
      {rows.map((row) => (
        <li key={row.id} className="sp-keys__card" data-testid="key-card">
          <div className="sp-keys__line">
            <strong>{row.name}</strong>
            <StateTag t={t} row={row} />
          </div>
          <div className="sp-keys__line">
            <code className="sp-keys__prefix">{row.prefix}…</code>
            <span>
              <ScopeTags t={t} scopes={row.scopes} />
            </span>
          </div>
          <div className="sp-muted sp-keys__meta">
            {t('workspace.keys.colCreated')} {formatTime(row.createdAt)} · {t('workspace.keys.colLastUsed')}{' '}
            {formatTime(row.lastUsedAt) ?? t('workspace.keys.never')}
          </div>
          {!row.revokedAt && (
            <Button danger block onClick={() => onRevoke(row)}>
              {t('workspace.keys.revoke')}
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The full key, once: copy it now, it is never shown again. */
function CreatedKeyModal({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const copy = async () => {
    if (!created) return;
    if (await copyText(created.key)) void message.success(t('workspace.copied'));
    else void message.error(t('workspace.copyFailed'));
  };
  return (
    <Modal
      open={created !== null}
      title={
        <span>
          <KeyOutlined /> {t('workspace.keys.createdTitle')}
        </span>
      }
      closable={false}
      maskClosable={false}
      keyboard={false}
      // The key leaves the page with the window: it is shown this once only.
      destroyOnHidden
      className="sp-keys__modal"
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('workspace.keys.copyKey')}
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          {t('workspace.keys.done')}
        </Button>,
      ]}
    >
      {created && (
        <div className="sp-keys__created">
          <Alert
            type="warning"
            showIcon
            icon={<ExclamationCircleFilled />}
            title={t('workspace.keys.createdWarning')}
          />
          <code className="sp-keys__secret" data-testid="api-key-secret">
            {created.key}
          </code>
          <span className="sp-muted">
            {created.name} · <ScopeTags t={t} scopes={created.scopes} />
          </span>
        </div>
      )}
    </Modal>
  );
}

function Usage({ t }: { t: TFunction }) {
  return (
    <section className="sp-box" aria-labelledby="keys-usage">
      <h2 className="sp-box__title" id="keys-usage">
        {t('workspace.keys.usageTitle')}
      </h2>
      <div className="sp-box__body sp-keys__usage">
        <p>{t('workspace.keys.usage', { header: API_KEY_HEADER })}</p>
        <pre className="sp-keys__curl" data-testid="curl-example">
          {curlExample(window.location.origin)}
        </pre>
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('workspace.keys.docs')}
        </a>
      </div>
    </section>
  );
}
