import { useCallback, useRef, useState } from 'react';
import { Button, Drawer, Message, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { CertRuleCalls, type CertRuleRow, CertSource, CertPerm } from '@exam/contracts';
import { PagingTable, type PagingTableHandle, UserPickerDialog, useCan, useIsMobile } from '@exam/ui';
import { sourceText } from './certText';
import { GRANTED, ManualGrantDialog, useManualGrant } from './ManualGrant';
import { numberExample, RuleDialog } from './RuleDialog';

const validity = (months: number) => (months ? `${months} 个月` : '长期有效');

/** A template's grant rules (exam passed, course finished, manual batches) and manual grants to picked users. */
export function RuleDrawer({ tmpl, onClose }: { tmpl?: { id: string; name: string }; onClose: () => void }) {
  const table = useRef<PagingTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [editing, setEditing] = useState<CertRuleRow | null>();
  const [batch, setBatch] = useState(false);
  const [grantTo, setGrantTo] = useState<CertRuleRow>();
  const grant = useManualGrant();
  const can = useCan();
  const mobile = useIsMobile();

  const columns: TableColumnProps<CertRuleRow>[] = [
    { title: '证书名称', dataIndex: 'title', ellipsis: true },
    {
      title: '发放条件',
      key: 'source',
      ellipsis: true,
      render: (_: unknown, r) => sourceText(r),
    },
    { title: '有效期', dataIndex: 'validMonths', width: 100, render: validity },
    { title: '编号示例', key: 'num', width: 150, render: (_: unknown, r) => numberExample(r) },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '已发放', dataIndex: 'grantCount', width: 80 },
    {
      title: '发放',
      key: 'grant',
      width: 100,
      render: (_: unknown, r) =>
        can(CertPerm.GRANT_ADD) && (
          <Button type="text" size="small" onClick={() => setGrantTo(r)}>
            手动发放
          </Button>
        ),
    },
  ];

  return (
    <Drawer
      title={`发放规则 - ${tmpl?.name ?? ''}`}
      visible={!!tmpl}
      width={mobile ? '100%' : 'min(1100px, 100%)'}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      {tmpl && (
        <>
          <PagingTable
            ref={table}
            url={CertRuleCalls.paging.url}
            params={{ tmplId: tmpl.id }}
            columns={columns as TableColumnProps[]}
            defaultSize={10}
            // One row of buttons: a new rule, and a batch by hand (which makes its own rule).
            toolbar={
              <Space wrap>
                {can(CertPerm.RULE_ADD) && (
                  <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)}>
                    新增规则
                  </Button>
                )}
                {can(CertPerm.GRANT_ADD) && <Button onClick={() => setBatch(true)}>新建手动发放</Button>}
              </Space>
            }
            actions={{
              edit: {
                permission: CertPerm.RULE_UPDATE,
                onClick: (row) =>
                  row.sourceType === CertSource.MANUAL
                    ? Message.info('手动发放的规则无需修改，可再次手动发放')
                    : setEditing(row as CertRuleRow),
              },
              delete: { permission: CertPerm.RULE_DELETE, url: CertRuleCalls.remove.url },
            }}
          />
          <RuleDialog tmplId={tmpl.id} rule={editing} onClose={() => setEditing(undefined)} onSaved={reload} />
          <ManualGrantDialog tmplId={tmpl.id} visible={batch} onClose={() => setBatch(false)} onSaved={reload} />
          <UserPickerDialog
            visible={!!grantTo}
            title={`手动发放 - ${grantTo?.title ?? ''}`}
            onCancel={() => setGrantTo(undefined)}
            onOk={async (users) => {
              // A refusal was shown by the request layer; the picker stays open.
              if (
                !(await grant(
                  { ruleId: grantTo!.id },
                  users.map((u) => u.id),
                ).then(
                  () => true,
                  () => false,
                ))
              )
                return;
              Message.success(GRANTED);
              setGrantTo(undefined);
              reload();
            }}
          />
        </>
      )}
    </Drawer>
  );
}
