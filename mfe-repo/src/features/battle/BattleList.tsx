import { useState } from 'react';
import { Button, Input, Message, Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { call } from '@exam/api';
import { BattleCalls, BattleHostCalls, BattleMode, BattlePerm, type BattleRow, BattleState } from '@exam/contracts';
import { PageContainer, PagingTable, useCan } from '@exam/ui';
import { useBattleStateMutation } from './battleApi';
import { BattleDialog } from './BattleDialog';
import { MODE_COLORS, MODE_OPTIONS, OPEN_TYPE_TITLES, timeWindow } from './battleText';

/** Admin battle list (route BattleList): search by title and mode, create and edit, enable, delete, results. */
export default function BattleList() {
  const [filter, setFilter] = useState<{ title?: string; mode?: number }>({});
  const [edit, setEdit] = useState<string>();
  const [refresh, setRefresh] = useState(0);
  const can = useCan();
  const navigate = useNavigate();
  const [changeState] = useBattleStateMutation();
  const toggle = async (r: BattleRow) => {
    const state = r.state === BattleState.NORMAL ? BattleState.DISABLED : BattleState.NORMAL;
    await changeState({ ids: [r.id], state }).unwrap();
    Message.success(state === BattleState.NORMAL ? '已启用' : '已禁用');
    setRefresh((n) => n + 1);
  };
  const host = async (battleId: string) => {
    const { roundId } = await call(BattleHostCalls.open, { battleId });
    navigate(`../host/${roundId}`, { relative: 'path' });
  };
  const columns: TableColumnProps<BattleRow>[] = [
    { title: '竞赛名称', dataIndex: 'title', width: 160, ellipsis: true },
    {
      title: '模式',
      dataIndex: 'mode_dictText',
      width: 90,
      render: (t: string, r) => <Tag color={MODE_COLORS[r.mode]}>{t}</Tag>,
    },
    { title: '题数/限时', key: 'qu', width: 110, render: (_: unknown, r) => `${r.quCount}题 / ${r.quSeconds}秒` },
    { title: '开放时间', key: 'window', width: 170, render: (_: unknown, r) => timeWindow(r.startTime, r.endTime) },
    { title: '开放类型', dataIndex: 'openType', width: 90, render: (t: number) => OPEN_TYPE_TITLES[t] ?? t },
    { title: '场次', dataIndex: 'roundCount', width: 60 },
    { title: '人数', dataIndex: 'playerCount', width: 60 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (s: number, r) => (
        <Space size={4}>
          {s === BattleState.NORMAL ? <Tag color="green">正常</Tag> : <Tag color="red">禁用</Tag>}
          {can(BattlePerm.STATE) && (
            <Button type="text" size="mini" onClick={() => void toggle(r).catch(() => undefined)}>
              {s === BattleState.NORMAL ? '禁用' : '启用'}
            </Button>
          )}
        </Space>
      ),
    },
    {
      title: '成绩',
      key: 'result',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={4}>
          {can(BattlePerm.RESULT) && (
            <Button type="text" size="mini" onClick={() => navigate(`../result/${r.id}`, { relative: 'path' })}>
              竞赛结果
            </Button>
          )}
          {/* A hosted contest starts from here: a lobby with its join code, on the host's (projected) screen. */}
          {r.mode === BattleMode.HOSTED && r.state === BattleState.NORMAL && can(BattlePerm.HOST) && (
            <Button type="text" size="mini" onClick={() => void host(r.id)}>
              主持
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const toolbar = (
    <Space wrap>
      <Select
        allowClear
        placeholder="竞赛模式"
        options={MODE_OPTIONS}
        style={{ width: 140 }}
        onChange={(mode?: number) => setFilter((f) => ({ ...f, mode }))}
      />
      <Input.Search
        allowClear
        placeholder="搜索竞赛名称"
        style={{ width: 240, maxWidth: '100%' }}
        onSearch={(title) => setFilter((f) => ({ ...f, title: title || undefined }))}
      />
    </Space>
  );
  return (
    <PageContainer title="答题竞赛">
      <PagingTable
        url={BattleCalls.paging.url}
        params={filter}
        columns={columns as TableColumnProps[]}
        toolbar={toolbar}
        refreshKey={refresh}
        actions={{
          add: { permission: BattlePerm.ADD, onClick: () => setEdit('') },
          edit: { permission: BattlePerm.EDIT, onClick: (row) => setEdit(String(row.id)) },
          delete: { permission: BattlePerm.DELETE, url: BattleCalls.remove.url },
        }}
      />
      <BattleDialog
        id={edit}
        onClose={() => {
          setEdit(undefined);
          setRefresh((n) => n + 1);
        }}
      />
    </PageContainer>
  );
}
