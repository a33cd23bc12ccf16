import { Card, Empty, Grid, Spin, Tabs } from '@arco-design/web-react';
import { useStudyCourseQuery } from './studyApi';
import { CourseIntro } from './CourseIntro';
import { StudyFile } from './StudyFile';
import { StudyFileList } from './StudyFileList';
import { RefFiles } from './RefFiles';

/** The course page (CourseView) and the study screen of one file (CourseViewWithFile). */
export function CourseStudy({ courseId, fileId }: { courseId: string; fileId?: string }) {
  const { data: course, error } = useStudyCourseQuery({ id: courseId });
  if (error)
    return (
      <Card bordered={false}>
        <Empty description="课程不存在或无权学习" />
      </Card>
    );
  if (!course) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  // Without access (not paid yet) the files stay closed; the intro offers the way in.
  const open = fileId && course.paid !== false;
  return (
    <Grid.Row gutter={[16, 16]}>
      <Grid.Col xs={24} lg={17}>
        <Card bordered={false}>
          {open ? <StudyFile course={course} fileId={fileId} /> : <CourseIntro course={course} />}
        </Card>
      </Grid.Col>
      <Grid.Col xs={24} lg={7}>
        <Card bordered={false} bodyStyle={{ paddingTop: 4 }}>
          <Tabs defaultActiveTab="files">
            <Tabs.TabPane key="files" title={`课件（${course.fileList.length}）`}>
              <StudyFileList courseId={course.id} files={course.fileList} active={fileId} />
            </Tabs.TabPane>
            <Tabs.TabPane key="refs" title="参考资料">
              <RefFiles courseId={course.id} />
            </Tabs.TabPane>
          </Tabs>
        </Card>
      </Grid.Col>
    </Grid.Row>
  );
}
