import {
  BoldOutlined,
  FontSizeOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { escapeMarkup } from '@steelport/contracts';
import { Alert, Button, Input, Popover, Tooltip } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/upload.ts';
import { publicHtml } from './adminForm.ts';
import '../../i18n/adminContent.ts';
import type { adminContentZhCN } from '../../i18n/locales/admin-content.zh-CN.ts';

const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

export interface RichTextEditorProps {
  /** HTML; the server sanitises it on write */
  value?: string;
  onChange?: (html: string) => void;
  /** the field's name, read by screen readers */
  label: string;
  id?: string;
}

/**
 * A small rich-text editor for operators: a contenteditable area with a toolbar (bold, heading,
 * lists, link, picture by upload) that hands back HTML (uploaded pictures as their public links). Light on purpose: the editors on npm
 * weigh 100-300 kB and articles need no more than this; what an operator pastes is cleaned by
 * the server's allow-list (`article/html.ts`), so the editor does not police markup itself.
 * `document.execCommand` is deprecated but is still what every browser implements for this.
 */
export function RichTextEditor({ value, onChange, label, id }: RichTextEditorProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const saved = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('https://');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const emitted = useRef<string | null>(null);

  // The area is uncontrolled while typing; a value from outside (opening another row) replaces it.
  useEffect(() => {
    const node = area.current;
    if (!node || value === emitted.current) return;
    if (node.innerHTML !== (value ?? '')) node.innerHTML = value ?? '';
  }, [value]);

  const emit = () => {
    // Pictures keep their signed links on screen; the value carries their public links.
    const html = publicHtml(area.current?.innerHTML ?? '');
    emitted.current = html;
    onChange?.(html);
  };

  const remember = () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode)) {
      saved.current = selection.getRangeAt(0).cloneRange();
    }
  };
  const restore = () => {
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };
  const exec = (command: string, argument?: string) => {
    restore();
    document.execCommand(command, false, argument);
    remember();
    emit();
  };

  const insertLink = () => {
    const url = href.trim();
    setLinkOpen(false);
    if (!/^(https?:\/\/|\/)/.test(url) || url === 'https://') {
      setError(t('adminContent.editor.badLink'));
      return;
    }
    setError(null);
    const selection = saved.current;
    if (selection && !selection.collapsed) exec('createLink', url);
    else exec('insertHTML', `<a href="${escapeMarkup(url)}">${escapeMarkup(url)}</a>`);
  };

  const onPicture = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const stored = await uploadFile({ file });
      exec('insertHTML', `<img src="${escapeMarkup(stored.url)}" alt="${escapeMarkup(file.name)}">`);
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const tool = (
    key: keyof typeof adminContentZhCN.editor,
    icon: ReactNode,
    onClick: () => void,
    extra?: { loading?: boolean },
  ) => (
    <Tooltip title={t(`adminContent.editor.${key}`)}>
      <Button
        type="text"
        icon={icon}
        aria-label={t(`adminContent.editor.${key}`)}
        // Keep the selection in the area: a button press would move it to the button.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        loading={extra?.loading}
      />
    </Tooltip>
  );

  return (
    <div className="sp-admin-rte">
      <div className="sp-admin-rte__bar" role="toolbar" aria-label={t('adminContent.editor.toolbar')}>
        {tool('bold', <BoldOutlined />, () => exec('bold'))}
        {tool('heading', <FontSizeOutlined />, () => exec('formatBlock', 'h2'))}
        {tool('paragraph', <span className="sp-admin-rte__p">P</span>, () => exec('formatBlock', 'p'))}
        {tool('bullets', <UnorderedListOutlined />, () => exec('insertUnorderedList'))}
        {tool('numbers', <OrderedListOutlined />, () => exec('insertOrderedList'))}
        <Popover
          open={linkOpen}
          onOpenChange={(next) => {
            if (next) remember();
            setLinkOpen(next);
          }}
          trigger="click"
          content={
            <div className="sp-admin-rte__link">
              <label htmlFor={inputId}>{t('adminContent.editor.linkUrl')}</label>
              <Input
                id={inputId}
                value={href}
                maxLength={300}
                onChange={(event) => setHref(event.target.value)}
                onPressEnter={insertLink}
              />
              <Button type="primary" onClick={insertLink}>
                {t('adminContent.editor.insert')}
              </Button>
            </div>
          }
        >
          <Tooltip title={t('adminContent.editor.link')}>
            <Button
              type="text"
              icon={<LinkOutlined />}
              aria-label={t('adminContent.editor.link')}
              onMouseDown={(event) => {
                event.preventDefault();
                remember();
              }}
            />
          </Tooltip>
        </Popover>
        {tool(
          'image',
          <PictureOutlined />,
          () => {
            remember();
            fileInput.current?.click();
          },
          { loading: uploading },
        )}
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sp-sr-only"
          aria-label={t('adminContent.editor.imageFile')}
          data-testid="rte-image"
          onChange={(event) => {
            void onPicture(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area is a contenteditable div, there is no element for it */}
      <div
        ref={area}
        id={id}
        className="sp-admin-rte__area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={label}
        onInput={emit}
        onBlur={() => {
          remember();
          emit();
        }}
        onKeyUp={remember}
        onMouseUp={remember}
      />
      {error && <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(null) }} />}
    </div>
  );
}
