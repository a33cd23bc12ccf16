import { useMemo, useState } from 'react';
import { Select } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useNavigate } from '@exam/router';
import { LAYOUT, layoutMenu } from '@exam/shell';
import { selectRoutes, useAppSelector } from '@exam/store';
import { createMenuSearch, searchItems } from './menuSearch';

/** Header menu search (spec admin §2): fuzzy over the permitted pages; choosing one opens it. */
export function HeaderSearch({ width }: { width: number }) {
  const routes = useAppSelector(selectRoutes);
  const navigate = useNavigate();
  const search = useMemo(() => createMenuSearch(searchItems(layoutMenu(routes, LAYOUT))), [routes]);
  const [text, setText] = useState('');
  const found = search(text);
  return (
    <Select
      showSearch
      allowClear
      value={undefined}
      placeholder="搜索菜单"
      aria-label="搜索菜单"
      prefix={<IconSearch />}
      filterOption={false}
      onSearch={setText}
      notFoundContent={text ? '没有匹配的菜单' : null}
      options={found.map((item) => ({ value: item.path, label: item.title }))}
      onChange={(path?: string) => {
        if (path) navigate(path);
        setText('');
      }}
      style={{ width }}
    />
  );
}
