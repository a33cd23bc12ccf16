import { useRef, useState } from 'react';
import { Button, Drawer, Form, Message, Select, Spin } from '@arco-design/web-react';
import { QU_TYPE_TITLES, QuType } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { UploadGuardProvider, useUploadingSave } from '@exam/ui';
import { ChapterSelect } from './ChapterSelect';
import { QuFields } from './QuFields';
import { type Draft, emptyDraft } from './quDraft';
import { useQuDetailQuery, useQuSaveMutation } from './quApi';
import { RepoSelect } from './RepoSelect';

type Props = { visible: boolean; id?: string; repoId?: string; onClose: () => void; onSaved: () => void };
const TYPES = Object.entries(QU_TYPE_TITLES).map(([k, v]) => ({ label: v, value: Number(k) }));

/** Adds or edits one question of any type (QuList). */
export function QuEditDrawer({ visible, id, repoId, onClose, onSaved }: Props) {
  const [draft, setDraftState] = useState<Draft>(() => ({ ...emptyDraft(QuType.SINGLE), repoId }));
  // Also kept in a ref: an option's picture may arrive after 保存 is pressed, and the save sends the draft as it is
  // once its uploads have settled, not as it was at the click.
  const latest = useRef(draft);
  const setDraft = (d: Draft) => {
    latest.current = d;
    setDraftState(d);
  };
  const detail = useQuDetailQuery(visible && id ? { id } : skipToken, { refetchOnMountOrArgChange: true });
  const [saveQu] = useQuSaveMutation();
  // The draft starts again whenever the drawer opens on another question, a new one, or the question arrives.
  const source = !visible
    ? undefined
    : id
      ? detail.isFetching
        ? undefined
        : detail.currentData
      : `new:${repoId ?? ''}`;
  const [seeded, setSeeded] = useState<typeof source>();
  if (source !== seeded) {
    setSeeded(source);
    if (source) setDraft(typeof source === 'string' ? { ...emptyDraft(QuType.SINGLE), repoId } : (source as Draft));
  }

  // A picture that failed stops the save (its message is shown, the question stays as it was).
  const {
    uploads,
    busy,
    run: save,
  } = useUploadingSave(async () => {
    const current = latest.current;
    const chosen = current.repoId;
    if (!chosen) return void Message.warning('请选择题库！');
    await saveQu({ ...current, repoId: chosen }).unwrap();
    Message.success('试题保存成功！');
    onSaved();
  });
  return (
    <Drawer
      width={900}
      title={id ? '编辑试题' : '新增试题'}
      visible={visible}
      onCancel={onClose}
      unmountOnExit
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void save()}>
            保存
          </Button>
        </>
      }
    >
      <Spin loading={!!id && detail.isFetching} style={{ display: 'block' }}>
        <UploadGuardProvider guard={uploads}>
          <Form layout="vertical">
            <Form.Item label="所属题库" required>
              <RepoSelect value={draft.repoId} onChange={(r) => setDraft({ ...draft, repoId: r, chapterId: '' })} />
            </Form.Item>
            <Form.Item label="章节">
              <ChapterSelect
                repoId={draft.repoId}
                placeholder="不选择章节"
                value={draft.chapterId}
                onChange={(chapterId) => setDraft({ ...draft, chapterId })}
              />
            </Form.Item>
            <Form.Item label="题型" required>
              <Select
                aria-label="题型"
                value={draft.quType}
                disabled={!!id}
                options={TYPES}
                onChange={(t: number) =>
                  setDraft({
                    ...emptyDraft(t),
                    repoId: draft.repoId,
                    chapterId: draft.chapterId,
                    content: draft.content,
                  })
                }
              />
            </Form.Item>
            <QuFields value={draft} onChange={(d) => setDraft({ ...draft, ...d })} />
          </Form>
        </UploadGuardProvider>
      </Spin>
    </Drawer>
  );
}
