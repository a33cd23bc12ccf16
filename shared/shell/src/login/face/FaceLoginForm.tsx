import { Alert } from '@arco-design/web-react';
import { setToken } from '@exam/api';
import type { LoginReq } from '@exam/contracts';
import { login, useAppDispatch } from '@exam/store';
import { useFaceLogin } from './useFaceLogin';
import { useGoOnAfterSignIn } from '../useGoOn';

const ALERT: Record<string, 'info' | 'warning' | 'error' | 'success'> = {
  loading: 'info',
  tracking: 'info',
  blink: 'warning',
  sending: 'info',
  fail: 'error',
  error: 'error',
};

/** 人脸登录 tab (site switch faceLogin): the camera view and what the learner should do next. */
export function FaceLoginForm() {
  const dispatch = useAppDispatch();
  const goOn = useGoOnAfterSignIn();
  const { video, phase, text } = useFaceLogin((res) => {
    setToken(res.token);
    // The session slice learns the token the way a password sign-in tells it.
    dispatch(login.fulfilled(res, 'face-login', {} as LoginReq));
    goOn();
  });
  return (
    <div data-testid="face-login" data-phase={phase}>
      <video
        ref={video}
        muted
        playsInline
        style={{ width: '100%', aspectRatio: '4 / 3', background: '#222', borderRadius: 4, transform: 'scaleX(-1)' }}
      />
      <Alert type={ALERT[phase]} content={text} style={{ marginTop: 12 }} />
    </div>
  );
}
