import { useState } from 'react';
import {
  Avatar,
  Button,
  Card,
  Checkbox,
  Empty,
  Grid,
  Input,
  Modal,
  Pagination,
  Select,
  Space,
  Spin,
  Typography,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useSearchParams } from '@exam/router';
import { skipToken } from '@exam/store';
import { compactFilters, usePage } from '@exam/ui';
import { useStudyCourseQuery } from '../study/studyApi';
import { useQaClientDetailQuery, useQaClientPagingQuery } from './qaApi';
import { QaPublishDialog } from './QaPublishDialog';
import { QaThread, RepliedTag } from './QaReplies';

const QA_PAGE_SIZE = 12; // spec §9

/** Learner course Q&A (route /pages/course/qa?courseId=): filters, the list, publish and detail. */
export default function CourseQa() {
  const [query] = useSearchParams();
  const courseId = query.get('courseId') ?? '';
  const [fileId, setFileId] = useState<string>();
  const [title, setTitle] = useState('');
  const [onlyReplied, setOnlyReplied] = useState(false);
  const [onlyMyself, setOnlyMyself] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [open, setOpen] = useState<string>();
  const { data: course } = useStudyCourseQuery(courseId ? { id: courseId } : skipToken);
  const page = usePage(
    compactFilters({
      courseId: courseId || undefined,
      fileId,
      title,
      onlyReplied: onlyReplied || undefined,
      onlyMyself: onlyMyself || undefined,
    }),
    QA_PAGE_SIZE,
  );
  const { data, isFetching } = useQaClientPagingQuery(page.request);
  const { data: detail } = useQaClientDetailQuery(open ? { id: open } : skipToken);
  const files = course?.fileList ?? [];

  return (
    <Card
      bordered={false}
      title={course ? `课程问答：${course.title}` : '课程问答'}
      extra={
        courseId && (
          <Button type="primary" icon={<IconPlus />} onClick={() => setPublishing(true)}>
            我要提问
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        {courseId && (
          <Select
            allowClear
            placeholder="全部课件"
            style={{ width: 200 }}
            value={fileId}
            onChange={setFileId}
            options={files.map((f) => ({ value: f.fileId, label: f.title }))}
          />
        )}
        <Input.Search allowClear placeholder="搜索问题" style={{ width: 200 }} onSearch={setTitle} />
        <Checkbox checked={onlyReplied} onChange={setOnlyReplied}>
          只看已回复
        </Checkbox>
        <Checkbox checked={onlyMyself} onChange={setOnlyMyself}>
          只看我的
        </Checkbox>
      </Space>
      <Spin loading={isFetching} style={{ display: 'block' }}>
        {data?.records.length === 0 && <Empty description="暂无问答" />}
        <Grid.Row gutter={[16, 16]}>
          {data?.records.map((qa) => (
            <Grid.Col key={qa.id} xs={24} md={12} lg={8}>
              <Card hoverable size="small" onClick={() => setOpen(qa.id)} style={{ cursor: 'pointer' }}>
                <Space style={{ marginBottom: 8 }}>
                  <RepliedTag replied={qa.replied} />
                  <Typography.Text type="secondary">{qa.fileTitle}</Typography.Text>
                </Space>
                <Typography.Paragraph
                  ellipsis={{ rows: 2, cssEllipsis: true }}
                  style={{ minHeight: 44, marginBottom: 8 }}
                >
                  {qa.title}
                </Typography.Paragraph>
                <Space>
                  <Avatar size={24}>
                    {qa.avatar ? <img src={qa.avatar} alt={qa.realName} /> : qa.realName.slice(0, 1)}
                  </Avatar>
                  <Typography.Text>{qa.realName}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {qa.createTime}
                  </Typography.Text>
                </Space>
              </Card>
            </Grid.Col>
          ))}
        </Grid.Row>
      </Spin>
      {(data?.total ?? 0) > QA_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={page.query.current}
          pageSize={QA_PAGE_SIZE}
          total={data?.total}
          onChange={page.setCurrent}
        />
      )}
      <QaPublishDialog courseId={courseId} files={files} visible={publishing} onClose={() => setPublishing(false)} />
      <Modal
        title="问答详情"
        visible={!!open}
        footer={null}
        style={{ width: 720, maxWidth: '95vw' }}
        onCancel={() => setOpen(undefined)}
        unmountOnExit
      >
        {detail && detail.id === open ? <QaThread qa={detail} /> : <Spin style={{ display: 'block', margin: 24 }} />}
      </Modal>
    </Card>
  );
}
