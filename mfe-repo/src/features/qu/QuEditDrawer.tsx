import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Message, Select, Spin } from '@arco-design/web-react';
import { post } from '@exam/api';
import { QU_TYPE_TITLES, QuCalls, type QuDetail } from '@exam/contracts';
import { ChapterSelect } from './ChapterSelect';
import { QuFields } from './QuFields';
import { type Draft, emptyDraft } from './quDraft';
import { RepoSelect } from './RepoSelect';

type Props = { visible: boolean; id?: string; repoId?: string; onClose: () => void; onSaved: () => void };
const TYPES = Object.entries(QU_TYPE_TITLES).map(([k, v]) => ({ label: v, value: Number(k) }));

/** Adds or edits one question of any type (QuList). */
export function QuEditDrawer({ visible, id, repoId, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<Draft>(() => ({ ...emptyDraft(1), repoId }));
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!visible) return;
    if (!id) return setDraft({ ...emptyDraft(1), repoId });
    setLoading(true);
    post<QuDetail>(QuCalls.detail.url, { id }).then((d) => setDraft(d as Draft)).finally(() => setLoading(false));
  }, [visible, id, repoId]);

  const save = async () => {
    if (!draft.repoId) return void Message.warning('请选择题库！');
    setSaving(true);
    try {
      await post(QuCalls.save.url, draft);
      Message.success('试题保存成功！');
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer width={900} title={id ? '编辑试题' : '新增试题'} visible={visible} onCancel={onClose} unmountOnExit
      footer={<><Button onClick={onClose}>取消</Button><Button type="primary" loading={saving} onClick={save}>保存</Button></>}>
      <Spin loading={loading} style={{ display: 'block' }}>
        <Form layout="vertical">
          <Form.Item label="所属题库" required>
            <RepoSelect value={draft.repoId} onChange={(r) => setDraft({ ...draft, repoId: r, chapterId: '' })} />
          </Form.Item>
          <Form.Item label="章节">
            <ChapterSelect repoId={draft.repoId} placeholder="不选择章节" value={draft.chapterId} onChange={(chapterId) => setDraft({ ...draft, chapterId })} />
          </Form.Item>
          <Form.Item label="题型" required>
            <Select aria-label="题型" value={draft.quType} disabled={!!id} options={TYPES} onChange={(t: number) => setDraft({ ...emptyDraft(t), repoId: draft.repoId, chapterId: draft.chapterId, content: draft.content })} />
          </Form.Item>
          <QuFields value={draft} onChange={(d) => setDraft({ ...draft, ...d })} />
        </Form>
      </Spin>
    </Drawer>
  );
}
