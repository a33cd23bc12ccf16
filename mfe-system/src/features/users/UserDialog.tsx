import { Tabs } from '@arco-design/web-react';
import type { UserDetail, UserSaveReq } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { EditDialog } from '@exam/ui';
import { UserBasicForm } from './UserBasicForm';
import { UserBinds } from './UserBinds';
import { useUserDetailQuery, useUserSaveMutation } from './userApi';

export interface UserDialogProps {
  /** undefined: closed; '': a new user; otherwise the id being edited. */
  userId: string | undefined;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Omit<UserSaveReq, 'id'>;
const NEW_USER: Partial<Values> = {};
/** The form never shows the stored password; an empty expiry is the picker's empty value. */
const toForm = (u: UserDetail): Partial<Values> => ({ ...u, password: '', expireTime: u.expireTime || undefined });

/** User edit dialog (spec admin §2): tabs 基本信息 and, for existing users, 账号绑定. */
export function UserDialog({ userId, onClose, onSaved }: UserDialogProps) {
  const creating = userId === '';
  const detail = useUserDetailQuery(userId ? { id: userId } : skipToken, { refetchOnMountOrArgChange: true });
  const [save] = useUserSaveMutation();
  return (
    <EditDialog<Values>
      title={creating ? '新增用户' : '修改用户'}
      visible={userId !== undefined}
      style={{ width: 720 }}
      initial={userId ? detail.currentData && toForm(detail.currentData) : NEW_USER}
      loading={!!userId && detail.isFetching}
      failed={!!userId && detail.isError}
      onSave={(v) => save({ ...v, id: userId || undefined, expireTime: v.expireTime || '' }).unwrap()}
      success="用户保存成功!"
      onClose={onClose}
      onSaved={onSaved}
    >
      <Tabs defaultActiveTab="basic">
        <Tabs.TabPane key="basic" title="基本信息">
          <UserBasicForm creating={creating} />
        </Tabs.TabPane>
        {!creating && userId && (
          <Tabs.TabPane key="bind" title="账号绑定">
            <UserBinds userId={userId} />
          </Tabs.TabPane>
        )}
      </Tabs>
    </EditDialog>
  );
}
