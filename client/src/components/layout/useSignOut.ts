import { useNavigate } from 'react-router';
import { i18n } from '../../i18n';
import { useAuth } from '../../lib/auth';

/** docs/product.md#navigation: Sign Out signs out and returns to the home page. */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      navigate('/');
    } catch (error) {
      // The toasts and the error helpers (which know tRPC's errors) load with this rare failure, not with the
      // first render, which every visitor downloads.
      const [{ notifications }, { isNetworkFailure }] = await Promise.all([
        import('@mantine/notifications'),
        import('../../lib/errors'),
      ]);
      notifications.show({
        color: 'red',
        title: i18n.t('errors.errorTitle'),
        message: isNetworkFailure(error) ? i18n.t('errors.network') : i18n.t('errors.unexpected'),
      });
    }
  };
}
