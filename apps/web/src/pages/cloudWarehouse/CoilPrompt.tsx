import '../../i18n/services.ts';
import { COIL_NO_REGEXP } from '@steelport/contracts';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The coil-number prompt box (docs/portal.md#validation): the pattern is checked before anything
 * is asked, and a failure shows 输入的数据不合法! under the field, keeping the box open.
 */
export function CoilPrompt({
  open,
  onClose,
  onFind,
}: {
  open: boolean;
  onClose: () => void;
  onFind: (coilNo: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const coilNo = value.trim();
    if (!COIL_NO_REGEXP.test(coilNo)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setValue('');
    onFind(coilNo);
  };
  return (
    <Modal
      open={open}
      title={t('cloud.lookupTitle')}
      onCancel={() => {
        setInvalid(false);
        onClose();
      }}
      onOk={submit}
      okText={t('cloud.ok')}
      cancelText={t('cloud.cancel')}
      width={400}
      destroyOnHidden
    >
      <label className="sp-cloud__promptlabel" htmlFor="cloud-coil-no">
        {t('cloud.lookupLabel')}
      </label>
      <Input
        id="cloud-coil-no"
        autoFocus
        value={value}
        maxLength={40}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid}
        aria-describedby="cloud-coil-hint"
        placeholder={t('cloud.lookupHint')}
        onChange={(e) => {
          setValue(e.target.value);
          if (invalid) setInvalid(false);
        }}
        onPressEnter={submit}
      />
      <p
        id="cloud-coil-hint"
        className={invalid ? 'sp-cloud__invalid' : 'sp-muted sp-cloud__hint'}
        role={invalid ? 'alert' : undefined}
      >
        {invalid ? t('cloud.invalid') : t('cloud.lookupHint')}
      </p>
    </Modal>
  );
}
