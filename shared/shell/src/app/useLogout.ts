import { useCallback } from 'react';
import { useNavigate } from '@exam/router';
import { confirmAction } from '@exam/ui';
import { logout, useAppDispatch } from '@exam/store';
import { LOGIN_PATH } from '../guard/access';

/** Logout as both shells do it: confirm 确实要退出吗？, sign out, go to login. */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!(await confirmAction({ content: '确实要退出吗？' }))) return;
    await dispatch(logout());
    navigate(LOGIN_PATH, { replace: true });
  }, [dispatch, navigate]);
}
