import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from '@arco-design/web-react';
import { ResultType } from '@exam/contracts';
import { AccessFields, type AccessFieldsProps, ImageUpload, RichEditor, useDict, DAY_RANGE_TIMES } from '@exam/ui';
import { OPEN_TYPE_TITLES } from '../exams/examText';

const Item = Form.Item;
const OPEN_TYPES = Object.entries(OPEN_TYPE_TITLES).map(([value, label]) => ({ label, value: Number(value) }));
const RESULT_TYPES = [
  { label: '分数和答卷', value: ResultType.SHEET },
  { label: '仅显示已交卷', value: ResultType.NONE },
  { label: '分数和是否通过', value: ResultType.SCORE },
];
const num = (label: string, field: string, min = 0, max = 9999, extra?: string) => (
  <Item label={label} field={field} extra={extra} rules={[{ required: true, message: `${label}不能为空！` }]}>
    <InputNumber min={min} max={max} style={{ width: 160 }} />
  </Item>
);

/** The exam type, from the exam_type dictionary (numeric codes only: examType is an integer). */
function ExamTypeInput(props: { value?: number; onChange?: (v: number) => void }) {
  const { values } = useDict('exam_type');
  const options = values.filter((v) => /^\d+$/.test(v.value)).map((v) => ({ value: Number(v.value), label: v.title }));
  return <Select options={options} style={{ width: 240 }} {...props} />;
}

/** The exam's settings (DESIGN §3): window, duration, scores, chances, access, results, anti-cheat. */
export function ExamFields({ userIds, onUserIds }: Pick<AccessFieldsProps, 'userIds' | 'onUserIds'>) {
  return (
    <>
      <Item
        label="考试名称"
        field="title"
        rules={[{ required: true, message: '考试名称不能为空！' }, { maxLength: 200 }]}
      >
        <Input placeholder="请输入考试名称" />
      </Item>
      <Item label="考试封面" field="cover" extra="不上传时使用默认封面">
        <ImageUpload />
      </Item>
      <Item label="考试描述" field="content">
        <RichEditor height={140} placeholder="请输入考试描述（考生在考前须知页看到）" />
      </Item>
      <Item label="考试类型" field="examType" rules={[{ required: true, message: '考试类型不能为空！' }]}>
        <ExamTypeInput />
      </Item>
      <Item label="线下考试" field="offline" triggerPropName="checked">
        <Switch />
      </Item>
      <Item label="考试时间" field="window" rules={[{ required: true, message: '请选择考试时间！' }]}>
        <DatePicker.RangePicker showTime={DAY_RANGE_TIMES} format="YYYY-MM-DD HH:mm:ss" style={{ width: 380 }} />
      </Item>
      {num('考试时长(分钟)', 'totalTime', 1)}
      {num('及格分', 'qualifyScore', 0, 100_000, '不能大于试卷总分（由组卷规则计算）')}
      {num('考试机会', 'chance', 0, 9999, '0 表示不限次数')}
      <Item label="考试价格(元)" field="price" extra="大于0为付费考试；暂无支付功能，付费考试考生暂时无法进入">
        <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 160 }} />
      </Item>
      <Item label="所需积分" field="points" extra="考生首次参加时扣除，0 表示免费">
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Item>
      <AccessFields noun="考试" openTypes={OPEN_TYPES} userIds={userIds} onUserIds={onUserIds} />
      <Item label="结果显示" field="resultType">
        <Radio.Group options={RESULT_TYPES} />
      </Item>
      <Item label="加入错题本" field="showBook" triggerPropName="checked">
        <Switch />
      </Item>
      <Item label="试题乱序" field="shuffleQu" triggerPropName="checked">
        <Switch />
      </Item>
      <Item label="选项乱序" field="shuffleOpt" triggerPropName="checked">
        <Switch />
      </Item>
      <Item
        label="多选部分得分"
        field="partialMultiple"
        triggerPropName="checked"
        extra="多选题少选时按比例得分，错选不得分"
      >
        <Switch />
      </Item>
      <Item label="切屏监控" field="leaveOn" triggerPropName="checked">
        <Switch />
      </Item>
      <Item shouldUpdate noStyle>
        {(v) =>
          v.leaveOn && (
            <>
              {num('切屏次数限制', 'leaveLimit', 1, 999)}
              {num('离开判定(秒)', 'leaveSec', 0, 3600)}
            </>
          )
        }
      </Item>
      <Item label="摄像头抓拍" field="camOn" triggerPropName="checked">
        <Switch />
      </Item>
      <Item shouldUpdate noStyle>
        {(v) => v.camOn && num('抓拍间隔(分钟)', 'camInterval', 1, 9999)}
      </Item>
      <Item label="人脸识别" field="faceOn" triggerPropName="checked">
        <Switch />
      </Item>
      <Item shouldUpdate noStyle>
        {(v) => v.faceOn && num('人脸识别失败次数', 'faceChance', 1, 99, '连续识别失败达到次数将自动交卷')}
      </Item>
      <Item label="禁止粘贴" field="pasteBlock" triggerPropName="checked">
        <Switch />
      </Item>
    </>
  );
}
