import { useEffect, useState } from 'react';
import { type BattleDetail, type BattleSaveReq, BattleMode, ExamOpenType } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { EditDialog } from '@exam/ui';
import { useBattleDetailQuery, useBattleSaveMutation } from './battleApi';
import { BattleFields } from './BattleFields';

/** The form's values: the save's fields, the window as one range picker's pair, and no people (kept beside it). */
type FormValues = Omit<BattleSaveReq, 'startTime' | 'endTime' | 'userIds'> & { window?: string[] };

const NEW_BATTLE: Partial<FormValues> = {
  mode: BattleMode.DUEL,
  repoIds: [],
  quTypes: [],
  levels: [],
  quCount: 5,
  quSeconds: 15,
  rightScore: 100,
  speedBonus: 50,
  openType: ExamOpenType.PUBLIC,
  deptCodes: [],
  winPoints: 10,
  joinPoints: 2,
  dailyLimit: 0,
  state: 0,
  cover: '',
};

const formOf = ({ startTime, endTime, userIds: _, ...rest }: BattleDetail): Partial<FormValues> => ({
  ...rest,
  window: startTime || endTime ? [startTime, endTime] : undefined,
});

/** Creates (`id` '') or edits a battle; the server checks its banks can fill a round. */
export function BattleDialog({ id, onClose }: { id?: string; onClose: () => void }) {
  const visible = id !== undefined;
  const detail = useBattleDetailQuery(visible && id ? { id } : skipToken, { refetchOnMountOrArgChange: true });
  const [save] = useBattleSaveMutation();
  const [userIds, setUserIds] = useState<string[]>([]);
  const record = id ? detail.currentData : undefined;
  useEffect(() => {
    if (visible) setUserIds(record?.userIds ?? []);
  }, [visible, record]);
  return (
    <EditDialog<FormValues>
      title={id ? '修改竞赛' : '新增竞赛'}
      visible={visible}
      onClose={onClose}
      style={{ width: 760 }}
      initial={id ? record && formOf(record) : NEW_BATTLE}
      loading={!!id && detail.isFetching}
      failed={!!id && detail.isError}
      onSave={({ window, ...v }) =>
        save({
          ...NEW_BATTLE,
          ...v,
          id: id || undefined,
          cover: v.cover ?? '',
          deptCodes: v.deptCodes ?? [],
          startTime: window?.[0] ?? '',
          endTime: window?.[1] ?? '',
          userIds,
        } as BattleSaveReq).unwrap()
      }
      success="竞赛保存成功！"
    >
      <BattleFields userIds={userIds} onUserIds={setUserIds} />
    </EditDialog>
  );
}
