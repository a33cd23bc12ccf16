import { Alert, Modal, Spin } from '@arco-design/web-react';
import { skipToken } from '@exam/store';
import { QuestionView } from '@exam/ui';
import { useBookDetailQuery } from './bookApi';
import { MarkBar } from './MarkBar';

/** A book entry's question, with its solution when the learner answered it, and the mark bar. */
export function BookDetailDialog({ id, onClose }: { id?: string; onClose: () => void }) {
  const { currentData: d } = useBookDetailQuery(id ? { id } : skipToken);
  return (
    <Modal title="试题详情" visible={!!id} onCancel={onClose} footer={null} style={{ width: 820 }} unmountOnExit>
      <Spin loading={!d} style={{ display: 'block', minHeight: 120 }}>
        {d && (
          <>
            <div style={{ marginBottom: 12 }}>
              <MarkBar refType={d.refType as 'repo'} refId={d.refId} quId={d.quId} />
            </div>
            {d.notice && <Alert type="info" content={d.notice} style={{ marginBottom: 12 }} />}
            <QuestionView qu={d.qu} value={{}} onChange={() => undefined} locked solution={d.solution} />
          </>
        )}
      </Spin>
    </Modal>
  );
}
