import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Replaces the address with `to` once rendered (React Router's `<Navigate>`, which no buyer page uses: its code
 * would join the router's chunk that every page loads).
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
