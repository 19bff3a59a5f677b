import { CloseOutlined } from '@ant-design/icons';
import { ADMIN_VOCABULARY_LIMITS as L, type VocabularyAliasKind } from '@steelport/contracts';
import { Button, Input, Popconfirm } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddAlias, useRemoveAlias } from '../../../api/adminVocabulary.ts';
import { useFeedback } from '../../../lib/feedback.ts';

/** A family, product or mill as the screen lists it. */
export interface TermRow {
  kind: VocabularyAliasKind;
  id: number;
  name: string;
  aliases: string[];
  /** the second column: a product's family, a family's products, a mill's full name */
  detail: string;
}

/**
 * A term's aliases as tags, each removable after a confirmation, and the field that adds one. A
 * refusal (the word already names another term, one character...) shows under the field in the
 * server's words and keeps what was typed, so the operator can correct it.
 */
export function AliasEditor({ row }: { row: TermRow }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const add = useAddAlias();
  const remove = useRemoveAlias();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const v = 'adminVocabulary';
  const errorId = `vocab-alias-error-${row.kind}-${row.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const word = draft.trim();
    if (!word) {
      setRefusal(t(`${v}.required`, { field: t(`${v}.aliasPlaceholder`) }));
      return;
    }
    try {
      const term = await add.mutateAsync({ kind: row.kind, id: row.id, alias: word });
      setDraft('');
      setRefusal(null);
      message.success(t(`${v}.added`, { word: term.aliases.at(-1) ?? word }));
    } catch (caught) {
      setRefusal((caught as Error).message);
    }
  };

  const drop = async (alias: string) => {
    try {
      await remove.mutateAsync({ kind: row.kind, id: row.id, alias });
      message.success(t(`${v}.removed`, { word: alias }));
    } catch (caught) {
      message.error((caught as Error).message);
    }
  };

  return (
    <div className="sp-vocab__aliases">
      <ul className="sp-vocab__tags" aria-label={`${t(`${v}.cols.aliases`)} ${row.name}`}>
        {row.aliases.length === 0 ? (
          <li className="sp-vocab__none">{t(`${v}.noAliases`)}</li>
        ) : (
          row.aliases.map((alias) => (
            <li key={alias} className="sp-vocab__tag">
              <span>{alias}</span>
              <Popconfirm
                title={t(`${v}.removeQuestion`, { name: row.name, alias })}
                okText={t(`${v}.remove`)}
                cancelText={t(`${v}.cancel`)}
                okButtonProps={{ danger: true }}
                onConfirm={() => drop(alias)}
              >
                <Button
                  type="text"
                  size="small"
                  className="sp-vocab__remove"
                  icon={<CloseOutlined />}
                  aria-label={t(`${v}.removeAlias`, { name: row.name, alias })}
                />
              </Popconfirm>
            </li>
          ))
        )}
      </ul>
      <form className="sp-vocab__add" onSubmit={submit} noValidate>
        <Input
          className="sp-vocab__input"
          value={draft}
          maxLength={L.aliasMax}
          placeholder={t(`${v}.aliasPlaceholder`)}
          aria-label={t(`${v}.aliasInput`, { name: row.name })}
          aria-invalid={refusal !== null}
          aria-describedby={refusal ? errorId : undefined}
          status={refusal ? 'error' : ''}
          onChange={(e) => {
            setDraft(e.target.value);
            if (refusal) setRefusal(null);
          }}
        />
        <Button
          htmlType="submit"
          className="sp-vocab__button"
          loading={add.isPending}
          aria-label={t(`${v}.addAliasOf`, { name: row.name })}
        >
          {t(`${v}.add`)}
        </Button>
      </form>
      {refusal ? (
        <p id={errorId} className="sp-vocab__error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
