import { useEffect, useState } from 'react';
import { Form, Message, Modal } from '@arco-design/web-react';
import { skipToken } from '@exam/store';
import { UploadGuardProvider, useUploadingSave, validateForm } from '@exam/ui';
import { CourseFields } from './CourseFields';
import { CourseFilesField } from './CourseFilesField';
import {
  COURSE_DEFAULTS,
  courseFileDrafts,
  courseFormValues,
  courseSaveBody,
  type CourseFileDraft,
} from './courseSaveBody';
import { useCourseDetailQuery, useCourseSaveMutation } from './courseApi';

/** Create (`edit` = '') or edit (`edit` = id) a course; `undefined` = closed. */
export function CourseDialog({ edit, onClose }: { edit?: string; onClose: () => void }) {
  const [form] = Form.useForm();
  const [files, setFiles] = useState<CourseFileDraft[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const { data: course } = useCourseDetailQuery(edit ? { id: edit } : skipToken, { refetchOnMountOrArgChange: true });
  const [save] = useCourseSaveMutation();

  // Fill the form when the dialog opens (new) or the course arrives (edit).
  useEffect(() => {
    if (edit === undefined) return;
    form.resetFields();
    if (!edit) {
      form.setFieldsValue(COURSE_DEFAULTS);
      setFiles([]);
      setUserIds([]);
    } else if (course && course.id === edit) {
      form.setFieldsValue(courseFormValues(course));
      setFiles(courseFileDrafts(course));
      setUserIds(course.userIds ?? []);
    }
  }, [edit, course, form]);

  // The cover still on its way is saved with the course.
  const {
    uploads,
    busy,
    run: submit,
  } = useUploadingSave(async () => {
    if (edit && course?.id !== edit) return;
    const v = await validateForm(form);
    if (!files.length) return void Message.error('请至少添加一个课件！');
    await save(courseSaveBody(edit, v, userIds, files)).unwrap();
    Message.success('课程保存成功！');
    onClose();
  });

  return (
    <Modal
      title={edit ? '修改课程' : '添加课程'}
      visible={edit !== undefined}
      style={{ width: 960, maxWidth: '96vw' }}
      onCancel={onClose}
      unmountOnExit
      confirmLoading={busy}
      onOk={() => void submit()}
    >
      {/* An edited course fills the form when it arrives: until then nothing can be typed or saved over it. */}
      <Form form={form} disabled={!!edit && course?.id !== edit} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }}>
        <UploadGuardProvider guard={uploads}>
          <CourseFields
            userIds={userIds}
            onUserIds={setUserIds}
            filesField={<CourseFilesField value={files} onChange={setFiles} />}
          />
        </UploadGuardProvider>
      </Form>
    </Modal>
  );
}
