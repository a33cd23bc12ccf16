import { useState } from 'react';
import { Button, Space, Tag } from '@arco-design/web-react';
import { BATTLE_LIMITS } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { RepoPicker } from '@exam/ui';
import { useRepoPagingQuery } from '../repos/repoApi';

type Props = { value?: string[]; onChange?: (ids: string[]) => void };

/** The banks a battle draws from, as a form control: chosen banks as tags, more through the bank picker. */
export function RepoField({ value = [], onChange }: Props) {
  const [picking, setPicking] = useState(false);
  const [titles, setTitles] = useState<Record<string, string>>({});
  // An edited battle's banks are named from the bank list; banks picked here bring their titles along.
  const unnamed = value.some((id) => !titles[id]);
  const banks = useRepoPagingQuery(unnamed ? { current: 1, size: 1000, params: {} } : skipToken);
  const titleOf = (id: string) => titles[id] ?? banks.currentData?.records.find((r) => r.id === id)?.title ?? id;
  return (
    <Space wrap size={6}>
      {value.map((id) => (
        <Tag key={id} closable onClose={() => onChange?.(value.filter((x) => x !== id))}>
          {titleOf(id)}
        </Tag>
      ))}
      {value.length < BATTLE_LIMITS.repos && (
        <Button size="small" onClick={() => setPicking(true)}>
          选择题库
        </Button>
      )}
      <RepoPicker
        visible={picking}
        excludes={value}
        onCancel={() => setPicking(false)}
        onOk={(repos) => {
          setTitles((t) => ({ ...t, ...Object.fromEntries(repos.map((r) => [r.id, r.title])) }));
          onChange?.([...value, ...repos.map((r) => r.id)].slice(0, BATTLE_LIMITS.repos));
          setPicking(false);
        }}
      />
    </Space>
  );
}
