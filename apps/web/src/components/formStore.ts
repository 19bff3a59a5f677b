/**
 * The values, errors and rules of a LightForm (components/LightForm.tsx), and the rules' checks:
 * the part of antd's form engine (@rc-component/form with async-validator) the portal's forms use.
 */
/** One rule, the part of antd's rule object this form implements (so antd's Form takes it too). */
export interface FormRuleObject {
  required?: boolean;
  /** with `required`: a value of only spaces is missing */
  whitespace?: boolean;
  pattern?: RegExp;
  /** exact, least and most characters of a text */
  len?: number;
  min?: number;
  max?: number;
  message?: string;
  /** resolves when the value is right; the rejection's message is shown (unless `message`) */
  validator?: (rule: unknown, value: unknown) => Promise<unknown> | undefined;
}

/** A rule, or a rule built from the form (to compare with another field). */
export type FormRule = FormRuleObject | ((form: { getFieldValue(name: string): unknown }) => FormRuleObject);

export type Values = Record<string, unknown>;

export interface FieldEntry {
  rules: FormRule[];
  validateFirst: boolean;
  dependencies: string[];
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Characters of a text as async-validator counts them (an astral character is one). */
function length(value: string): number {
  return [...value].length;
}

/** The message of one rule for `value`, or null when it passes. */
async function checkRule(rule: FormRuleObject, value: unknown): Promise<string | null> {
  const message = rule.message ?? '';
  if (rule.validator) {
    try {
      await rule.validator(rule, value);
      return null;
    } catch (error) {
      return rule.message ?? (error instanceof Error ? error.message : String(error));
    }
  }
  const blank = isEmpty(value) || (rule.whitespace === true && typeof value === 'string' && !value.trim());
  if (rule.required && blank) return message;
  // An empty value is only checked for being there (async-validator's rule for strings).
  if (isEmpty(value)) return null;
  const text = String(value);
  if (rule.pattern) {
    rule.pattern.lastIndex = 0;
    if (!rule.pattern.test(text)) return message;
  }
  const size = length(text);
  if (rule.len !== undefined && size !== rule.len) return message;
  if (rule.min !== undefined && size < rule.min) return message;
  if (rule.max !== undefined && size > rule.max) return message;
  return null;
}

/** The form's values, errors and fields, shared by its fields through context. */
export class FormStore<V extends object = Values> {
  private values: Values = {};
  private initial: Values = {};
  private errors = new Map<string, string[]>();
  private readonly fields = new Map<string, FieldEntry>();
  /** fields changed or validated: a change of a field they depend on validates them again */
  private readonly dirty = new Set<string>();
  private readonly runs = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private started = false;
  /** counts changes: what the fields' renders follow */
  version = 0;

  /** The values the form starts with (and returns to on `resetFields`), once. */
  start(initialValues: Partial<V> | undefined) {
    if (this.started) return;
    this.started = true;
    this.initial = { ...initialValues };
    this.values = { ...initialValues };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private notify() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  register(name: string, entry: FieldEntry) {
    this.fields.set(name, entry);
  }

  unregister(name: string) {
    this.fields.delete(name);
    this.dirty.delete(name);
    if (this.errors.delete(name)) this.notify();
  }

  getFieldValue = (name: string): unknown => this.values[name];

  getFieldsValue(): V {
    return { ...this.values } as V;
  }

  errorsOf(name: string): string[] {
    return this.errors.get(name) ?? [];
  }

  /** A value set by the program: validates nothing, as antd's `setFieldValue`. */
  setFieldValue(name: string, value: unknown) {
    this.values = { ...this.values, [name]: value };
    this.notify();
  }

  /** A value the user changed: validates the field and the dirty fields that depend on it. */
  change(name: string, value: unknown) {
    this.values = { ...this.values, [name]: value };
    this.dirty.add(name);
    this.notify();
    const dependants = [...this.fields].filter(
      ([other, entry]) => other !== name && entry.dependencies.includes(name) && this.dirty.has(other),
    );
    void this.validateFields([name, ...dependants.map(([other]) => other)]).catch(() => undefined);
  }

  private async validateField(name: string): Promise<string[]> {
    const entry = this.fields.get(name);
    if (!entry) return [];
    const run = (this.runs.get(name) ?? 0) + 1;
    this.runs.set(name, run);
    this.dirty.add(name);
    const value = this.values[name];
    const rules = entry.rules.map((rule) => (typeof rule === 'function' ? rule(this) : rule));
    let messages: string[];
    if (entry.validateFirst) {
      messages = [];
      for (const rule of rules) {
        const message = await checkRule(rule, value);
        if (message !== null) {
          messages.push(message);
          break;
        }
      }
    } else {
      const results = await Promise.all(rules.map((rule) => checkRule(rule, value)));
      messages = results.filter((message): message is string => message !== null);
    }
    // A later run (a newer value) has the last word.
    if (this.runs.get(name) === run && this.fields.has(name)) {
      const before = this.errorsOf(name);
      if (before.join('\n') !== messages.join('\n')) {
        this.errors = new Map(this.errors);
        if (messages.length) this.errors.set(name, messages);
        else this.errors.delete(name);
        this.notify();
      }
    }
    return messages;
  }

  /** Validates the named fields (all without `names`): resolves with the values, rejects when one fails. */
  async validateFields(names?: string[]): Promise<V> {
    const list = names ?? [...this.fields.keys()];
    const results = await Promise.all(list.map((name) => this.validateField(name)));
    const errorFields = list
      .map((name, index) => ({ name, errors: results[index] }))
      .filter((field) => (field.errors ?? []).length > 0);
    if (errorFields.length) throw Object.assign(new Error('validation failed'), { errorFields });
    return this.getFieldsValue();
  }

  /** Back to the initial values, without errors. */
  resetFields() {
    this.values = { ...this.initial };
    this.errors = new Map();
    this.dirty.clear();
    for (const [name, run] of this.runs) this.runs.set(name, run + 1);
    this.notify();
  }
}
