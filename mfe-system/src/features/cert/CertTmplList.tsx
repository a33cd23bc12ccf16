import { useCallback, useRef, useState } from 'react';
import { Button, Input, type TableColumnProps } from '@arco-design/web-react';
import { CertTmplCalls, type CertTmplRow, CertPerm } from '@exam/contracts';
import { PageContainer, PagingTable, type PagingTableHandle, useCan } from '@exam/ui';
import { RuleDrawer } from './RuleDrawer';
import { TmplEditor } from './TmplEditor';

const ORIENTATION_TITLES: Record<string, string> = { landscape: '横向', portrait: '纵向' };

/** 证书模板 (route CertTmplList): templates by name; the designer; each template's grant rules and manual grants. */
export default function CertTmplList() {
  const table = useRef<PagingTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<string>();
  const [rulesOf, setRulesOf] = useState<CertTmplRow>();
  const close = useCallback(() => setEditing(undefined), []);
  const can = useCan();
  const columns: TableColumnProps<CertTmplRow>[] = [
    { title: '模板名称', dataIndex: 'name', ellipsis: true },
    {
      title: '纸张',
      key: 'page',
      width: 110,
      render: (_: unknown, r) => `${r.pageSize} ${ORIENTATION_TITLES[r.orientation] ?? r.orientation}`,
    },
    { title: '元素', dataIndex: 'elementCount', width: 80 },
    {
      title: '发放规则',
      dataIndex: 'ruleCount',
      width: 130,
      render: (n: number, r) =>
        can(CertPerm.RULE_LIST) ? (
          <Button type="text" size="small" onClick={() => setRulesOf(r)}>
            {n ? `${n} 条，管理` : '设置规则'}
          </Button>
        ) : (
          n
        ),
    },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
  ];
  return (
    <PageContainer title="证书模板">
      <PagingTable
        ref={table}
        url={CertTmplCalls.paging.url}
        params={{ name: name || undefined }}
        columns={columns as TableColumnProps[]}
        toolbar={<Input.Search allowClear placeholder="搜索模板名称" style={{ width: 240 }} onSearch={setName} />}
        actions={{
          add: { permission: CertPerm.TMPL_ADD, onClick: () => setEditing('') },
          edit: { permission: CertPerm.TMPL_UPDATE, onClick: (row) => setEditing(String(row.id)) },
          delete: { permission: CertPerm.TMPL_DELETE, url: CertTmplCalls.remove.url },
        }}
      />
      <TmplEditor id={editing} onClose={close} onSaved={reload} />
      <RuleDrawer
        tmpl={rulesOf}
        onClose={() => {
          setRulesOf(undefined);
          reload();
        }}
      />
    </PageContainer>
  );
}
