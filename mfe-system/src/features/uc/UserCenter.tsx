import { Navigate } from '@exam/router';
import { UC_BASE } from './UcFrame';

/** /pages/uc leads to the profile page (spec admin §2). */
export default function UserCenter() {
  return <Navigate to={`${UC_BASE}/info`} replace />;
}
