import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** Shows the record id of a detail URL, so a visitor sees which item the link pointed to. */
export function IdLine({ param = 'id' }: { param?: string }) {
  const { t } = useTranslation();
  const id = useParams()[param];
  return id ? <span>{t('comingSoon.idLine', { id })}</span> : null;
}
