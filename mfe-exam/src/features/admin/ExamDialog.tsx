import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Form, Message, Modal, Space } from '@arco-design/web-react';
import { skipToken } from '@exam/store';
import { UploadGuardProvider, useUploadingSave, validateForm } from '@exam/ui';
import type { ExamDetail } from '@exam/contracts';
import { useExamDetailQuery, useExamRepoPagingQuery, useExamSaveMutation } from './examApi';
import { ExamFields } from './ExamFields';
import { EXAM_DEFAULTS, examSaveBody } from './examSaveBody';
import { PaperPreviewDrawer, type PreviewRequest } from './PaperPreview';
import { RulesEditor, type RuleDraft, newRule, toRules } from './RulesEditor';

/** Create or edit an exam (`edit` = exam id, '' for new); the server validates rules and computes the total. */
export function ExamDialog({ edit, onClose, onSaved }: { edit?: string; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [rules, setRules] = useState<RuleDraft[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [saveExam] = useExamSaveMutation();
  const [preview, setPreview] = useState<PreviewRequest>();
  /** The record being edited: its fields the form does not show are saved unchanged. */
  const loaded = useRef<ExamDetail>(undefined);
  const closePreview = useCallback(() => setPreview(undefined), []);

  // The record read afresh on each opening, and the banks' titles its rules name.
  const detail = useExamDetailQuery(edit ? { id: edit } : skipToken, { refetchOnMountOrArgChange: true });
  const repos = useExamRepoPagingQuery(edit ? { current: 1, size: 1000 } : skipToken);
  const record = edit && !detail.isFetching ? detail.currentData : undefined;
  const repoRows = edit ? repos.currentData?.records : undefined;
  useEffect(() => {
    if (edit === undefined) return;
    form.resetFields();
    setUserIds([]);
    loaded.current = undefined;
    if (!edit) {
      form.setFieldsValue(EXAM_DEFAULTS);
      setRules([newRule()]);
      return;
    }
    if (!record || !repoRows) return;
    {
      const e = record;
      const title = new Map(repoRows.map((r) => [r.id, r.title]));
      loaded.current = e;
      form.setFieldsValue({ ...e, window: [e.startTime, e.endTime] });
      setUserIds(e.userIds ?? []);
      setRules(
        (e.rules ?? []).map((r, i) => ({
          key: String(i),
          title: r.title,
          quType: r.quType,
          repoIds: r.repoIds ?? [],
          repoTitles: (r.repoIds ?? []).map((id) => title.get(id) ?? id),
          level: r.level ?? 0,
          count: r.count ?? 0,
          score: r.score,
          quList: r.quIds?.length ? r.quIds.map((id) => ({ id, quType: r.quType, text: e.quTitles?.[id] })) : undefined,
        })),
      );
    }
  }, [edit, record, repoRows, form]);

  // The cover still on its way is saved with the exam.
  const {
    uploads,
    busy,
    run: save,
  } = useUploadingSave(async () => {
    if (edit && (!record || !repoRows)) return;
    const v = await validateForm(form);
    await saveExam(
      examSaveBody(loaded.current, v, { id: edit, window: v.window, userIds, rules: toRules(rules) }),
    ).unwrap();
    Message.success('考试保存成功！');
    onSaved();
    onClose();
  });

  return (
    <Modal
      title={edit ? '修改考试' : '新增考试'}
      visible={edit !== undefined}
      style={{ width: 1100 }}
      onCancel={onClose}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button
            onClick={() =>
              rules.length
                ? setPreview({ rules: toRules(rules), ...form.getFieldsValue(['shuffleQu', 'shuffleOpt']) })
                : Message.warning('请至少添加一条组卷规则！')
            }
          >
            预览
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save()}>
            确定
          </Button>
        </Space>
      }
    >
      {/* An edited exam fills the form when it arrives: until then nothing can be typed or saved over it. */}
      <Form form={form} disabled={!!edit && (!record || !repoRows)} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }}>
        <UploadGuardProvider guard={uploads}>
          <ExamFields userIds={userIds} onUserIds={setUserIds} />
        </UploadGuardProvider>
        <Form.Item label="组卷规则" required>
          <RulesEditor value={rules} onChange={setRules} />
        </Form.Item>
      </Form>
      <PaperPreviewDrawer request={preview} onClose={closePreview} />
    </Modal>
  );
}
