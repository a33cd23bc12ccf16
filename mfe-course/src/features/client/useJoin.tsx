import { Input, Message, Modal } from '@arco-design/web-react';
import { CourseOpenType } from '@exam/contracts';
import { useJoinCourseMutation } from './clientApi';

/** The join star: toggles joining; a password course asks for its password first. */
export function useJoin() {
  const [join] = useJoinCourseMutation();
  const send = async (id: string, password?: string) => {
    const joined = await join({ id, password }).unwrap();
    Message.success(joined ? '加入成功！' : '已取消加入！');
  };
  return (course: { id: string; hasJoin?: boolean; openType: number }) => {
    if (course.hasJoin || course.openType !== CourseOpenType.PASSWORD)
      return void send(course.id).catch(() => undefined);
    let password = '';
    Modal.confirm({
      title: '请输入课程密码',
      content: <Input.Password autoFocus placeholder="课程密码" onChange={(v) => (password = v)} />,
      onOk: () => {
        if (!password) {
          Message.error('课程密码不能为空！');
          return Promise.reject(new Error('empty'));
        }
        return send(course.id, password);
      },
    });
  };
}
