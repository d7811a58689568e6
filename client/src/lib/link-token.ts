import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * The `token` of a link opened from a message (a password reset, an address to confirm, a staff invitation), or '' when the address has
 * none. Read once: the page then replaces its address with `path`, so the token is not kept in the history or
 * shown on screen; the page sends it only with the form that spends it.
 */
export function useLinkToken(path: string): string {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const navigate = useNavigate();
  useEffect(() => {
    if (params.has('token')) navigate(path, { replace: true });
  }, [params, navigate, path]);
  return token;
}
