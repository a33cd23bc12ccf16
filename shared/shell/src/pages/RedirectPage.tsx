import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from '@exam/router';

/**
 * /redirect/<path>: re-enters <path> so its page mounts afresh (used to apply a new component
 * size, spec admin §2 "font-size select").
 */
export function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, params, search]);
  return null;
}
