import type { Db } from '@exam/server-kit';
import { storedSwitches } from './config-repository';

/** The site's switch config (spec admin §3) with the defaults of a fresh installation. */
export type Switches = {
  userReg: boolean;
  userAudit: boolean;
  userDeptType: number;
  userDeptCode: string;
  mobileLogin: boolean;
  faceLogin: boolean;
  realPerson: boolean;
  faceAudit: 'no' | 'manual' | 'auto';
  loginTick: number;
};

export async function switchesOf(db: Db): Promise<Switches> {
  const s = await storedSwitches(db);
  const audit = String(s.faceAudit ?? 'no');
  return {
    userReg: Boolean(s.userReg),
    userAudit: Boolean(s.userAudit),
    userDeptType: Number(s.userDeptType ?? 0),
    userDeptCode: String(s.userDeptCode ?? ''),
    mobileLogin: Boolean(s.mobileLogin),
    faceLogin: Boolean(s.faceLogin),
    realPerson: Boolean(s.realPerson),
    faceAudit: audit === 'manual' || audit === 'auto' ? audit : 'no',
    loginTick: Number(s.loginTick ?? 0),
  };
}
