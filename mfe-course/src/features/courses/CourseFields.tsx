import type { ReactNode } from 'react';
import { DatePicker, Form, Input, InputNumber, Radio, Switch } from '@arco-design/web-react';
import { CourseOpenType, CourseState } from '@exam/contracts';
import { AccessFields, type AccessFieldsProps, DictSelect, ImageUpload, RichEditor, DAY_RANGE_TIMES } from '@exam/ui';
import { FinalExamsField } from './FinalExamsField';

const Item = Form.Item;
export const OPEN_TYPES = [
  { label: '完全公开', value: CourseOpenType.PUBLIC },
  { label: '指定部门', value: CourseOpenType.DEPART },
  { label: '指定人员', value: CourseOpenType.PERSON },
  { label: '需要密码', value: CourseOpenType.PASSWORD },
];
const num = (label: string, field: string, min: number, max: number, extra?: string) => (
  <Item label={label} field={field} extra={extra} rules={[{ required: true, message: `${label}不能为空！` }]}>
    <InputNumber min={min} max={max} precision={0} style={{ width: 160 }} />
  </Item>
);

/** The course's settings (issue 10): description, price and points, period, access, study checks. */
export function CourseFields({
  userIds,
  onUserIds,
  filesField,
}: Pick<AccessFieldsProps, 'userIds' | 'onUserIds'> & { filesField: ReactNode }) {
  return (
    <>
      <Item
        label="课程名称"
        field="title"
        rules={[{ required: true, message: '课程名称不能为空！' }, { maxLength: 200 }]}
      >
        <Input placeholder="请输入课程名称" />
      </Item>
      <Item label="课程封面" field="cover" extra="不上传时使用默认封面">
        <ImageUpload />
      </Item>
      <Item label="课程分类" field="catId">
        <DictSelect dicCode="course_catalog" allowClear style={{ width: 240 }} />
      </Item>
      <Item label="课程介绍" field="content">
        <RichEditor height={140} placeholder="请输入课程介绍" />
      </Item>
      <Item label="课程价格(元)" field="salePrice" extra="大于0为付费课程，学员在线支付后学习">
        <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 160 }} />
      </Item>
      <Item label="所需积分" field="costPoints" extra="学员用积分兑换后学习，0 表示免费">
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Item>
      <Item label="学习时间" field="period" extra="不选表示长期有效">
        <DatePicker.RangePicker
          showTime={DAY_RANGE_TIMES}
          format="YYYY-MM-DD HH:mm:ss"
          style={{ width: 380, maxWidth: '100%' }}
        />
      </Item>
      <AccessFields noun="课程" openTypes={OPEN_TYPES} userIds={userIds} onUserIds={onUserIds} />
      <Item label="课程状态" field="state">
        <Radio.Group
          options={[
            { label: '正常', value: CourseState.NORMAL },
            { label: '禁用', value: CourseState.DISABLED },
          ]}
        />
      </Item>
      <Item
        label="禁止拖动"
        field="videoDrag"
        triggerPropName="checked"
        extra="开启后学员不能拖动视频进度到未看过的位置"
      >
        <Switch />
      </Item>
      {num('完成比例(%)', 'finishRate', 50, 100, '视频观看覆盖达到该比例才算学完')}
      <Item
        label="学习检测"
        field="checkOn"
        triggerPropName="checked"
        extra="学习一段时间后弹出验证码，30 秒内未通过将退出学习"
      >
        <Switch />
      </Item>
      <Item shouldUpdate noStyle>
        {(v) => v.checkOn && num('检测间隔(分钟)', 'checkSec', 1, 1440)}
      </Item>
      <Item label="人脸识别" field="faceOn" triggerPropName="checked">
        <Switch />
      </Item>
      <Item shouldUpdate noStyle>
        {(v) =>
          v.faceOn && (
            <>
              {num('识别间隔(分钟)', 'faceInterval', 1, 1440)}
              {num('识别失败次数', 'faceChance', 1, 99)}
            </>
          )
        }
      </Item>
      <Item label="课程课件" required>
        {filesField}
      </Item>
      <Item label="结业考试" field="examList" extra="学完课程后参加的考试，可多选">
        <FinalExamsField />
      </Item>
    </>
  );
}
