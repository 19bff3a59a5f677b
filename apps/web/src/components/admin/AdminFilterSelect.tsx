import { Select } from 'antd';

/**
 * A filter of a console list's toolbar: a clearable select named by its placeholder (which is
 * also its label for screen readers); clearing it gives `undefined`.
 */
export function AdminFilterSelect<V extends string | number>({
  label,
  value,
  options,
  onChange,
  search = false,
}: {
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange: (value?: V) => void;
  /** typing filters the options by their label (a long list such as the warehouses) */
  search?: boolean;
}) {
  return (
    <Select
      className="sp-admin-toolbar__filter"
      allowClear
      showSearch={search ? { optionFilterProp: 'label' } : undefined}
      aria-label={label}
      placeholder={label}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
