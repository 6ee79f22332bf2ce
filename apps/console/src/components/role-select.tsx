import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useAdminQuery } from './use-admin-query';

/** How many roles one look-up shows; the rest are found by typing part of the name. */
export const ROLE_PICKER_PAGE = 20;
/** Typing settles this long before the server is asked, so a word costs one request. */
const SEARCH_SETTLE_MS = 250;

type Option = { value: number; label: string };

/**
 * A role dropdown that asks the server: the first page of roles, or of those whose name holds
 * what the operator types (the roles list's own `q` filter), so every role can be chosen however
 * many there are. `current` names the chosen role when it is not on the page shown.
 */
export function RoleSelect(
  props: Omit<SelectProps<number, Option>, 'options' | 'showSearch' | 'onSearch'> & {
    current?: Option | undefined;
  },
) {
  const { current, onChange, ...rest } = props;
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // The one picked here, so its name still shows once the search that found it is gone.
  const [picked, setPicked] = useState<Option | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setQ(typed.trim()), SEARCH_SETTLE_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const roles = useAdminQuery('adminRoles', {
    query: { ...(q ? { q } : {}), page: 1, pageSize: ROLE_PICKER_PAGE },
  });
  const options: Option[] = (roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }));
  for (const known of [current, picked])
    if (known && known.value === props.value && !options.some((o) => o.value === known.value))
      options.unshift(known);
  return (
    <Select<number, Option>
      {...rest}
      loading={roles.isFetching}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onChange={(value, option) => {
        const one = Array.isArray(option) ? undefined : option;
        setPicked(one ? { value: one.value, label: one.label } : null);
        setTyped('');
        onChange?.(value, option);
      }}
    />
  );
}
