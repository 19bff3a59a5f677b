/**
 * The portal's small form (issue 36): antd's Form markup and classes (vertical layout), drawn by
 * antd's stylesheet as before, with validation from the same rule objects, without antd's form
 * engine. antd's Form brought @rc-component/form, its async validator, antd's grid and the label's
 * Tooltip (rc-trigger, portal, motion: about 32 kB gzip) to the first load of /login.
 *
 * Validation as antd's: a field's rules run on each change of it (and of a field it depends on,
 * once it was changed or validated) and every field's on submit; `onFinish` gets the values only
 * when all pass. Rules: `required` (with `whitespace`), `pattern`, `len`/`min`/`max` (characters),
 * `validator` (a rejected promise's message), a function of the form returning one of those, and
 * `validateFirst` (stop at the first failing rule). Rule objects are antd's, so a rule list
 * (`accountRules.ts`) serves both this form and antd's on the signed-in screens.
 *
 * The control (an antd Input, Input.Password, Checkbox) gets its value, `onChange`, `id` (the
 * field's name, the label's `htmlFor`), `aria-invalid`, `aria-describedby` (the error and the
 * `extra` note), `aria-required` and an input's error `status`, as antd's Form.Item gives them;
 * the form's `size` reaches every control and button in it. Enter in a field submits (a native
 * form with a submit button).
 */
import './lightForm.css';
import { ConfigProvider } from 'antd';
import {
  cloneElement,
  createContext,
  type FormEvent,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { classNames } from '../lib/classNames.ts';
import { type FieldEntry, type FormRule, FormStore, type Values } from './formStore.ts';

export type { FormRule, FormRuleObject } from './formStore.ts';
export { FormStore } from './formStore.ts';

/** A form's store, to reach it outside the form (`form.resetFields()` after a save). */
export function useLightForm<V extends object = Values>(): FormStore<V> {
  const [store] = useState(() => new FormStore<V>());
  return store;
}

const StoreContext = createContext<FormStore<object> | null>(null);

/** The store of the form around (antd's `Form.useFormInstance`), re-rendering on its changes. */
export function useFormStore(): FormStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useFormStore: not inside a LightForm');
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  return store as FormStore;
}

/** A field's value, following it (antd's `Form.useWatch`). */
export function useFieldValue(name: string): unknown {
  return useFormStore().getFieldValue(name);
}

interface LightFormProps<V extends object> {
  form?: FormStore<V>;
  initialValues?: Partial<V>;
  /** all fields passed: their values */
  onFinish?: (values: V) => void;
  /** a field the user changed */
  onValuesChange?: (changed: Partial<V>) => void;
  size?: 'small' | 'middle' | 'large';
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** antd's `<Form layout="vertical" requiredMark={false}>`. */
export function LightForm<V extends object = Values>({
  form,
  initialValues,
  onFinish,
  onValuesChange,
  size,
  className,
  'aria-label': ariaLabel,
  children,
}: LightFormProps<V>) {
  const own = useLightForm<V>();
  const store = form ?? own;
  store.start(initialValues);
  const latest = useRef({ onFinish, onValuesChange });
  latest.current = { onFinish, onValuesChange };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    store.validateFields().then(
      (values) => latest.current.onFinish?.(values),
      () => undefined,
    );
  };
  return (
    <form
      className={classNames(
        'ant-form ant-form-vertical ant-form-hide-required-mark ant-form-css-var sp-form',
        size === 'large' && 'ant-form-large',
        size === 'small' && 'ant-form-small',
        className,
      )}
      aria-label={ariaLabel}
      onSubmit={submit}
      noValidate
    >
      <StoreContext.Provider value={store as FormStore<object>}>
        <ChangeContext.Provider value={(changed) => latest.current.onValuesChange?.(changed as Partial<V>)}>
          <ConfigProvider componentSize={size}>{children}</ConfigProvider>
        </ChangeContext.Provider>
      </StoreContext.Provider>
    </form>
  );
}

const ChangeContext = createContext<(changed: Values) => void>(() => undefined);

/** What a field gives its control. */
export interface FieldControl {
  id?: string;
  value?: string;
  checked?: boolean;
  onChange?: (eventOrValue: unknown) => void;
  'aria-invalid'?: 'true';
  'aria-describedby'?: string;
  'aria-required'?: 'true';
  /** an input's error frame */
  status?: 'error';
}

interface FormFieldProps {
  /** where the value is stored; also the control's `id` */
  name?: string;
  /** the control's `id` for a field without `name` */
  id?: string;
  label?: ReactNode;
  rules?: FormRule[];
  validateFirst?: boolean;
  /** fields whose change validates this one again (once it was changed or validated) */
  dependencies?: string[];
  /** `checked` for a Checkbox */
  valuePropName?: 'value' | 'checked';
  /** a note under the control */
  extra?: ReactNode;
  /** the label's required mark (hidden) and `aria-required`; by default from `rules` */
  required?: boolean;
  /** a message of the program's own, shown instead of the rules' */
  help?: ReactNode;
  validateStatus?: 'error';
  /** one control element, or a function rendering it with the given props among others */
  children: ReactElement<FieldControl> | ((control: FieldControl) => ReactNode);
}

/** The value of a control's change: the event's `value` (`checked`), or what it passed. */
function changedValue(eventOrValue: unknown, prop: 'value' | 'checked'): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'target' in eventOrValue) {
    const target = (eventOrValue as { target: Record<string, unknown> }).target;
    if (target && typeof target === 'object') return target[prop];
  }
  return eventOrValue;
}

/** antd's `<Form.Item>`: label, control, the error and the note under it. */
export function FormField({
  name,
  id: givenId,
  label,
  rules = [],
  validateFirst = false,
  dependencies = [],
  valuePropName = 'value',
  extra,
  required,
  help,
  validateStatus,
  children,
}: FormFieldProps) {
  const store = useFormStore();
  const onValuesChange = useContext(ChangeContext);
  const entry = useRef<FieldEntry>({ rules, validateFirst, dependencies });
  entry.current.rules = rules;
  entry.current.validateFirst = validateFirst;
  entry.current.dependencies = dependencies;
  useLayoutEffect(() => {
    if (!name) return;
    store.register(name, entry.current);
    return () => store.unregister(name);
  }, [store, name]);

  const id = name ?? givenId;
  const errors: ReactNode[] = help !== undefined && help !== null ? [help] : name ? store.errorsOf(name) : [];
  const status = validateStatus ?? (name && store.errorsOf(name).length ? 'error' : undefined);
  const isRequired = required ?? rules.some((rule) => typeof rule === 'object' && rule.required);
  const hasHelp = errors.length > 0;
  // With an error, error and note take at least the margin and the note (antd's measure): read
  // when an error or the note changes, not on every render.
  const extraRef = useRef<HTMLDivElement>(null);
  const [extraHeight, setExtraHeight] = useState(0);
  useLayoutEffect(() => {
    setExtraHeight(hasHelp && extra ? (extraRef.current?.clientHeight ?? 0) : 0);
  }, [hasHelp, extra]);
  const describedBy = [hasHelp && id && `${id}_help`, extra && id && `${id}_extra`].filter(Boolean).join(' ');

  const control: FieldControl = {
    ...(id ? { id } : {}),
    ...(status === 'error' ? { 'aria-invalid': 'true' as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(isRequired ? { 'aria-required': 'true' as const } : {}),
    ...(status === 'error' && valuePropName === 'value' ? { status } : {}),
  };
  if (name) {
    const value = store.getFieldValue(name);
    if (valuePropName === 'checked') control.checked = Boolean(value);
    else control.value = value === undefined || value === null ? '' : String(value);
    control.onChange = (eventOrValue: unknown) => {
      const next = changedValue(eventOrValue, valuePropName);
      store.change(name, next);
      onValuesChange({ [name]: next });
    };
  }
  const element =
    typeof children === 'function'
      ? children(control)
      : isValidElement(children)
        ? cloneElement(children, {
            ...control,
            onChange: (eventOrValue: unknown) => {
              (children.props.onChange as ((event: unknown) => void) | undefined)?.(eventOrValue);
              control.onChange?.(eventOrValue);
            },
          })
        : children;

  return (
    <div
      className={classNames(
        'ant-form-item ant-form-css-var ant-form-item-vertical',
        hasHelp && 'ant-form-item-with-help',
        status === 'error' && 'ant-form-item-has-error',
      )}
    >
      <div className="ant-row ant-form-item-row">
        {label !== undefined && label !== null && (
          <div className="ant-col ant-form-item-label">
            <label
              htmlFor={id}
              className={classNames(
                isRequired && 'ant-form-item-required',
                'ant-form-item-required-mark-hidden',
              )}
              title={typeof label === 'string' ? label : undefined}
            >
              {label}
            </label>
          </div>
        )}
        <div className="ant-col ant-form-item-control">
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{element}</div>
          </div>
          {(hasHelp || extra) && (
            <div
              className="ant-form-item-additional"
              style={
                hasHelp
                  ? { minHeight: `calc(var(--ant-form-item-margin-bottom) + ${extraHeight}px)` }
                  : undefined
              }
            >
              {hasHelp && (
                <div
                  id={id ? `${id}_help` : undefined}
                  className="ant-form-item-explain ant-form-css-var ant-form-item-explain-connected"
                >
                  {errors.map((error, index) => (
                    <div
                      // errors are texts, and one text shows once
                      key={typeof error === 'string' ? error : index}
                      className={status === 'error' ? 'ant-form-item-explain-error' : undefined}
                    >
                      {error}
                    </div>
                  ))}
                </div>
              )}
              {extra && (
                <div id={id ? `${id}_extra` : undefined} className="ant-form-item-extra" ref={extraRef}>
                  {extra}
                </div>
              )}
            </div>
          )}
        </div>
      </div>
      {hasHelp && <div className="ant-form-item-margin-offset" />}
    </div>
  );
}
