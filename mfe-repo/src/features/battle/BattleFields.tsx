import { Checkbox, DatePicker, Form, Input, InputNumber, Radio } from '@arco-design/web-react';
import { BATTLE_LIMITS, QU_TYPE_TITLES, QuType } from '@exam/contracts';
import { AccessFields, type AccessFieldsProps, DAY_RANGE_TIMES, ImageUpload } from '@exam/ui';
import { MODE_OPTIONS, OPEN_TYPES } from './battleText';
import { RepoField } from './RepoField';

const Item = Form.Item;
const L = BATTLE_LIMITS;
const QU_TYPES = [QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE].map((t) => ({
  label: `${QU_TYPE_TITLES[t]}题`,
  value: t,
}));
const LEVELS = [
  { label: '普通', value: 1 },
  { label: '较难', value: 2 },
];
const STATES = [
  { label: '正常', value: 0 },
  { label: '禁用', value: 1 },
];
const WIDE = { width: 160, maxWidth: '100%' };

/** A whole number in its contract's range, required. */
const num = (label: string, field: string, range: { min: number; max: number }, extra?: string) => (
  <Item label={label} field={field} extra={extra} rules={[{ required: true, message: `${label}不能为空！` }]}>
    <InputNumber min={range.min} max={range.max} precision={0} style={WIDE} />
  </Item>
);

/** Every setting of a battle (BattleDialog's form): what is asked, how it scores, when, who, and the points. */
export function BattleFields({ userIds, onUserIds }: Pick<AccessFieldsProps, 'userIds' | 'onUserIds'>) {
  return (
    <>
      <Item
        label="竞赛名称"
        field="title"
        rules={[{ required: true, message: '竞赛名称不能为空！' }, { maxLength: 100 }]}
      >
        <Input placeholder="请输入竞赛名称" />
      </Item>
      <Item label="竞赛封面" field="cover" extra="不上传时使用默认封面">
        <ImageUpload />
      </Item>
      <Item label="竞赛模式" field="mode" extra="主持竞赛由管理员开场，学员凭竞赛码加入">
        <Radio.Group options={MODE_OPTIONS} />
      </Item>
      <Item
        label="题库"
        field="repoIds"
        rules={[{ required: true, type: 'array', minLength: 1, message: '请选择题库！' }]}
      >
        <RepoField />
      </Item>
      <Item label="题型" field="quTypes" extra="不选表示全部（竞赛只出单选、多选和判断题）">
        <Checkbox.Group options={QU_TYPES} />
      </Item>
      <Item label="难度" field="levels" extra="不选表示全部">
        <Checkbox.Group options={LEVELS} />
      </Item>
      {num('每轮题数', 'quCount', L.quCount)}
      {num('每题限时(秒)', 'quSeconds', L.quSeconds)}
      {num('答对得分', 'rightScore', { ...L.score, min: 1 })}
      {num('速度加分', 'speedBonus', L.score, '答对时按剩余时间比例加分，最多加此分数')}
      <Item label="开放时间" field="window" extra="不选表示不限时间">
        <DatePicker.RangePicker
          showTime={DAY_RANGE_TIMES}
          format="YYYY-MM-DD HH:mm:ss"
          allowClear
          style={{ width: 380, maxWidth: '100%' }}
        />
      </Item>
      <AccessFields noun="竞赛" openTypes={OPEN_TYPES} userIds={userIds} onUserIds={onUserIds} />
      {num('获胜积分', 'winPoints', L.points, '双人对战、四人赛的获胜者获得的积分')}
      {num('参与积分', 'joinPoints', L.points, '完成一轮即得的积分')}
      {num('每日次数', 'dailyLimit', L.dailyLimit, '每人每天可参加的轮数，0 表示不限')}
      <Item label="状态" field="state">
        <Radio.Group options={STATES} />
      </Item>
    </>
  );
}
